import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { output, serverProcesses } from "../test/processes.ts";
import { isAlive } from "./db/embedded-postgres.ts";
import { connect } from "./db/database.ts";
import { runningServerUrl } from "./db/cli-database.ts";

/** The real server process on a scratch DATA_DIR with the embedded PostgreSQL (test/processes.ts). */
const { dataDir, run } = serverProcesses("lifecycle");

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
    "keeps every acknowledged write after a SIGKILL, stops cleanly while it carries on with the demo, and starts again on the same DATA_DIR",
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

      // Stopped while it carries on with the demo catalog: the images under way are finished, and it exits cleanly.
      const stopped = run("server/main.ts", { DEMO_IMAGES: "10", SHUTDOWN_TIMEOUT_S: "120" });
      await stopped.waitFor(/^Stockroom is running at/);
      await stopped.waitFor(/^imported demo /);
      stopped.child.kill("SIGTERM");
      expect(await stopped.exit).toEqual({ code: 0, signal: null });
      expect(stopped.lines.filter((l) => /error|failed/i.test(l))).toEqual([]);

      const second = run("server/main.ts", { DEMO_IMAGES: "10" });
      // It serves first, and carries on with the demo catalog meanwhile.
      await second.waitFor(/^Stockroom is running at/);
      expect(await second.waitFor(/^Demo catalog: /)).toMatch(/^Demo catalog: imported [1-6], updated 0, skipped 0$/);
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
