import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll } from "vitest";
import { stopOrphan } from "../server/db/embedded-postgres.ts";

/**
 * Stockroom's own processes as an operator starts them (the server, operator commands): one
 * Node process each, running the TypeScript itself, so a signal reaches it and nothing else,
 * serving the build test/global-setup.ts made. Those still running when the file's tests end
 * are killed.
 */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

export interface Run {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first stdout/stderr line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `script` (e.g. `server/main.ts`, `cli/import.ts`) with `env` on top of this process's environment. */
export function runScript(script: string, env: NodeJS.ProcessEnv, args: string[] = []): Run {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
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

/** What a run printed, blank lines left out. */
export const output = (r: Run) => r.lines.filter((l) => l.trim()).join("\n");

/**
 * A scratch DATA_DIR, and `run(script, env, args)` starting Stockroom's scripts on it with the
 * embedded PostgreSQL. After the file's tests, a PostgreSQL the killed server left behind is
 * stopped and the DATA_DIR removed.
 */
export function serverProcesses(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `stockroom-${prefix}-`));
  chmodSync(dataDir, 0o755); // PostgreSQL may run as another user, who must reach its folder
  afterAll(async () => {
    await stopOrphan(path.join(dataDir, "postgres"), () => {});
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  const run = (script: string, env: NodeJS.ProcessEnv, args: string[] = []): Run =>
    // (Vitest sets BASE_URL to "/" for its own use; the server needs an origin.)
    runScript(script, { BASE_URL: "http://127.0.0.1", DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "debug", DEMO_IMAGES: "0", ...env }, args);
  return { dataDir, run };
}
