import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { afterAll } from "vitest";
import { buildIfChanged } from "../scripts/build-if-changed.ts";

/**
 * Stockroom's own processes as an operator starts them (the server, operator commands): one
 * Node process each, running the TypeScript itself, so a signal reaches it and nothing else. Those still
 * running when the file's tests end are killed.
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
 * The server serves the built app: builds it if the sources changed since the last build, as
 * `npm start` does (call from a beforeAll with a long timeout). Test files running side by
 * side take turns through a lock file holding the builder's pid, so that only one of them
 * builds; a dead builder's lock is taken over.
 */
export function buildAppOnce(): void {
  const lock = "build.lock";
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(lock, "utf8")); // 0 while its holder is still writing it
      } catch {
        continue; // just released
      }
      if (holder && !isAlive(holder)) rmSync(lock, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    buildIfChanged();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Whether process `pid` is running (not gone, not a zombie). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return true; // no /proc: alive as far as we can tell
  }
}
