import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { persistentSecret } from "../config.ts";
import { rootCause } from "../errors.ts";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Closes the pool and, when embedded, stops the PostgreSQL server. */
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Any fixed number: held while migrating so that instances starting together take turns. */
const MIGRATION_LOCK = 7_410_221;

/** For the server's pool: see `connect`. Operator commands run without them. */
export interface PoolTimeouts {
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
}

/**
 * A pool of connections to `url`. With `statementTimeoutMs` (the server's, for requests:
 * DB_STATEMENT_TIMEOUT_MS), PostgreSQL cancels any statement that runs longer, and its
 * transaction rolls back. `connectTimeoutMs` (DB_CONNECT_TIMEOUT_MS; default 10 s) bounds the
 * wait for a connection: while PostgreSQL is out of reach requests fail that soon, never hang.
 */
export function connect(url: string, max = 20, options: PoolTimeouts = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000, statement_timeout: options.statementTimeoutMs });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}

/**
 * Runs `work` on one connection of `pool` while it holds the database-wide advisory lock `key`:
 * instances doing the same at the same moment take turns. The work (and the wait for the lock)
 * may take as long as it needs.
 */
export async function whileLocked<T>(pool: pg.Pool, key: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [key]);
    return await work(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [key]).catch(() => {});
    await client.query("reset statement_timeout").catch(() => {});
    client.release();
  }
}

/** Brings the schema up to date; safe to run from several instances at once. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  await whileLocked(pool, MIGRATION_LOCK, async (client) => {
    await client.query("create extension if not exists pg_trgm");
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  });
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Opens the database Stockroom runs on: the one at DATABASE_URL, or an embedded server
 * under DATA_DIR/postgres. Migrations are applied before it is returned.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: (line: string) => void;
  /** For the server's pool: see `connect`. */
  timeouts?: PoolTimeouts;
}): Promise<Database> {
  let url = options.databaseUrl;
  let stopServer = async () => {};
  if (!url) {
    const server = await startEmbeddedPostgres({
      dir: path.join(options.dataDir, "postgres"),
      password: persistentSecret(options.dataDir, "postgres-password"),
      log: options.log,
    });
    stopServer = server.stop;
    try {
      await createDatabaseIfMissing(server.url, "stockroom");
    } catch (error) {
      await server.stop();
      throw error;
    }
    url = withDatabase(server.url, "stockroom");
  }
  const database = connect(url, undefined, options.timeouts);
  try {
    await database.db.execute(sql`select 1`);
    await migrateDatabase(database.pool);
  } catch (error) {
    await database.close().catch(() => {});
    await stopServer();
    const reason = rootCause(error);
    throw new Error(options.databaseUrl ? `Cannot use DATABASE_URL: ${reason}` : `Cannot start the embedded PostgreSQL: ${reason}`, {
      cause: error,
    });
  }
  return {
    ...database,
    async close() {
      await database.close();
      await stopServer();
    },
  };
}
