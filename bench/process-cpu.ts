import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** CPU time of other processes, from Linux's /proc: the server's and PostgreSQL's share in a benchmark. */

const TICKS_PER_SECOND = 100; // USER_HZ, the same on every Linux

/** The fields of /proc/{pid}/stat after "pid (comm) ", or undefined once the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by process `pid` (user + system); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : 0;
}

/**
 * CPU seconds used so far by the embedded PostgreSQL under `dataDir`: its postmaster, its live
 * processes, and those that have exited (a backend closed by the pool hands its time to the
 * postmaster's children total), so that two readings subtract to what was used between them.
 */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  const own = statFields(postmaster);
  // utime, stime, then cutime and cstime: the postmaster's children that have exited.
  let ticks = own ? Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]) : 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
