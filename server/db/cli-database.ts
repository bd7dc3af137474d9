import { readFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import { lockDataDir } from "../data-dir-lock.ts";
import { connect, openDatabase, withDatabase, type Database } from "./database.ts";
import { SUPERUSER } from "./embedded-postgres.ts";

/**
 * The database for an operator command (`npm run import`, `demo`, `backup`): DATABASE_URL
 * when set; else the embedded PostgreSQL of a Stockroom server running on this DATA_DIR
 * (found through its postmaster.pid; the command works while the site stays up); else the
 * embedded server started for the command alone, holding the DATA_DIR lock meanwhile.
 */
export async function openCliDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (error) {
    const running = runningServerUrl(config.dataDir);
    if (!running) throw error;
    const database = connect(running, 4);
    try {
      await database.pool.query("select 1");
    } catch (cause) {
      await database.close();
      throw new Error(`A Stockroom server holds DATA_DIR=${config.dataDir} but its database does not answer: ${(cause as Error).message}`);
    }
    return database;
  }
  try {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir, log });
    return {
      ...database,
      async close() {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** The URL of the embedded PostgreSQL a running server started on `dataDir`, if there is one. */
export function runningServerUrl(dataDir: string): string | undefined {
  try {
    const [pid, , , port] = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EPERM") return undefined; // EPERM: alive, another user's
    }
    const password = readFileSync(path.join(dataDir, "secrets", "postgres-password"), "utf8").trim();
    return withDatabase(`postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/postgres`, "stockroom");
  } catch {
    return undefined;
  }
}
