import { readFileSync } from "node:fs";

/** The resident set of process `pid` in MB, from Linux's /proc: what a benchmark's server holds in memory. */
export function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}
