import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "./db/database.ts";
import { runningServerUrl } from "./db/cli-database.ts";

/**
 * The real server, started as `npm start` starts it (one Node process, no tsx wrapper, so a
 * signal reaches it and nothing else), on a scratch DATA_DIR with the embedded PostgreSQL,
 * serving the build test/global-setup.ts made.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "stockroom-lifecycle-"));
chmodSync(dataDir, 0o755); // PostgreSQL may run as another user, who must reach its folder
const started: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first stdout/stderr line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

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

const output = (r: Run) => r.lines.filter((l) => l.trim()).join("\n");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : 0;
  if (pid && isAlive(pid)) process.kill(pid, "SIGQUIT");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("starting and stopping the server", () => {
  it("refuses a bad setting with one line naming the variable", async () => {
    const port = run("server/main.ts", { PORT: "abc" });
    expect(await port.exit).toEqual({ code: 1, signal: null });
    expect(output(port)).toBe('stockroom: Invalid PORT="abc": must be a port number');

    const db = run("server/main.ts", { DATABASE_URL: "postgres://stockroom:secret@127.0.0.1:9/stockroom" });
    expect(await db.exit).toEqual({ code: 1, signal: null });
    expect(output(db)).toMatch(/^stockroom: Cannot use DATABASE_URL: connect ECONNREFUSED 127\.0\.0\.1:9$/);
  }, 90_000);

  it(
    "keeps every acknowledged write after a SIGKILL, and starts again on the same DATA_DIR",
    async () => {
      const first = run("server/main.ts", { DEMO_IMAGES: "10" });
      // Each line is printed after its image's transaction committed.
      const acknowledged: string[] = [];
      await new Promise<void>((resolve, reject) => {
        first.child.stdout!.on("data", () => {
          acknowledged.splice(0, acknowledged.length, ...first.lines.flatMap((l) => /^imported demo (\S+)$/.exec(l)?.[1] ?? []));
          if (acknowledged.length >= 3) resolve();
        });
        void first.exit.then(() => reject(new Error(`exited early:\n${output(first)}`)));
      });
      first.child.kill("SIGKILL");
      await first.exit;

      const second = run("server/main.ts", { DEMO_IMAGES: "10" });
      await second.waitFor(/^Stockroom is running at/);
      const database = connect(runningServerUrl(dataDir)!, 1);
      try {
        const { rows } = await database.pool.query<{ source_id: string }>("select source_id from images where source = 'demo'");
        const ids = rows.map((r) => r.source_id);
        expect(ids).toEqual(expect.arrayContaining(acknowledged));
        // The interrupted seeding was resumed, without duplicates.
        expect(new Set(ids).size).toBe(10);
        expect(ids).toHaveLength(10);
      } finally {
        await database.close();
      }

      // A second server on the same DATA_DIR refuses, and says why.
      const rival = run("server/main.ts", {});
      expect(await rival.exit).toEqual({ code: 1, signal: null });
      expect(output(rival)).toBe(
        `stockroom: Another Stockroom server (pid ${second.child.pid}) is already using DATA_DIR=${dataDir}; stop it first or choose another DATA_DIR`,
      );

      // Operator commands work while the server runs, through its database.
      const demo = run("cli/demo.ts", { LOG_LEVEL: "error" }, ["--count", "11"]);
      expect(await demo.exit).toEqual({ code: 0, signal: null });
      expect(output(demo)).toMatch(/imported 1, updated 0, skipped 0$/);

      // SIGTERM stops the server and its PostgreSQL cleanly.
      const postgresPid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
      second.child.kill("SIGTERM");
      expect(await second.exit).toEqual({ code: 0, signal: null });
      expect(isAlive(postgresPid)).toBe(false);
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
      expect(existsSync(path.join(dataDir, "stockroom.pid"))).toBe(false);
    },
    240_000,
  );
});
