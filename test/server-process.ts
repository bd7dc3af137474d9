import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll } from "vitest";

/**
 * Stockroom's own processes for tests: the server (or a CLI command) started as `npm start`
 * starts it (one Node process, no tsx wrapper, so a signal reaches it and nothing else), on a
 * scratch DATA_DIR with the embedded PostgreSQL, serving the build test/global-setup.ts made.
 * After the file's tests, every process still running is killed, the orphaned PostgreSQL too,
 * and the DATA_DIR removed.
 */

export interface Run {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first stdout/stderr line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** True while the process runs; a zombie counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

/** A scratch DATA_DIR, and `run(script, env, args)` starting Stockroom's scripts on it. */
export function serverProcesses(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `stockroom-${prefix}-`));
  chmodSync(dataDir, 0o755); // PostgreSQL may run as another user, who must reach its folder
  const started: ChildProcess[] = [];

  afterAll(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : 0;
    if (pid && isAlive(pid)) process.kill(pid, "SIGQUIT");
    rmSync(dataDir, { recursive: true, force: true });
  });

  function run(script: string, env: NodeJS.ProcessEnv, args: string[] = []): Run {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      // (Vitest sets BASE_URL to "/" for its own use; the server needs an origin.)
      env: { ...process.env, BASE_URL: "http://127.0.0.1", DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "debug", DEMO_IMAGES: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(child);
    const lines: string[] = [];
    const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        lines.push(line);
        for (const w of waiters.filter((w) => w.pattern.test(line))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      });
    }
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    return {
      child,
      lines,
      exit,
      waitFor: (pattern) =>
        new Promise((resolve, reject) => {
          const seen = lines.find((l) => pattern.test(l));
          if (seen) return resolve(seen);
          waiters.push({ pattern, resolve });
          void exit.then(() => setTimeout(() => reject(new Error(`exited before ${pattern}:\n${lines.join("\n")}`)), 100));
        }),
    };
  }

  return { dataDir, run };
}
