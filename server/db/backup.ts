import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import type pg from "pg";

/**
 * A consistent copy of the whole database without pg_dump: every table of the public schema
 * read in one REPEATABLE READ transaction (one snapshot) and written as JSON lines, one file
 * per table; and the way back, into an empty database migrated to the same level.
 */

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The last migration applied when the backup was taken; a restore needs the same. */
  migration: string;
  tables: Record<string, number>;
  /** Media keys the database refers to (originals, variants, avatars). */
  mediaKeys: number;
}

const FETCH = 2_000;
const INSERT_BATCH = 500;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Public tables, parents before the tables that refer to them. */
async function tablesInOrder(client: pg.PoolClient): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`);
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(unquote(e.child))?.add(unquote(e.parent));
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    parents.get(name)?.forEach((p) => p !== name && visit(p));
    ordered.push(name);
  };
  tables.forEach((t) => visit(t.name));
  return ordered;
}

/** Columns that hold data (generated columns are computed again on restore). */
async function columnsOf(client: pg.PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

async function lastMigration(client: pg.PoolClient): Promise<string> {
  const { rows } = await client.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations order by created_at desc limit 1");
  return rows[0]?.hash ?? "none";
}

/**
 * Writes every table to `dir/<table>.jsonl` from one snapshot; returns the manifest and the
 * media keys that snapshot refers to.
 */
export async function backupDatabase(
  pool: pg.Pool,
  dir: string,
  onTable: (table: string, rows: number) => void,
): Promise<{ manifest: BackupManifest; mediaKeys: string[] }> {
  const client = await pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const tables: Record<string, number> = {};
    for (const table of await tablesInOrder(client)) {
      const columns = (await columnsOf(client, table)).map(ident).join(", ");
      // Readable by the backup's owner only: it holds every account's data.
      const out = createWriteStream(path.join(dir, `${table}.jsonl`), { mode: 0o600 });
      await client.query(`declare rows_cursor no scroll cursor for select row_to_json(t)::text as row from (select ${columns} from public.${ident(table)}) t`);
      let count = 0;
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`fetch ${FETCH} from rows_cursor`);
        if (!rows.length) break;
        count += rows.length;
        if (!out.write(rows.map((r) => r.row).join("\n") + "\n")) await once(out, "drain");
      }
      await client.query("close rows_cursor");
      out.end();
      await once(out, "finish");
      tables[table] = count;
      onTable(table, count);
    }
    const { rows: keys } = await client.query<{ key: string }>(`
      select original_key as key from images
      union select v->>'key' from images, jsonb_array_elements(variants) v
      union select avatar_key from creators where avatar_key is not null`);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      migration: await lastMigration(client),
      tables,
      mediaKeys: keys.length,
    };
    await client.query("commit");
    return { manifest, mediaKeys: keys.map((k) => k.key) };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Tables an installation fills before anything is stored in it: the search synonyms its
 * migration ships and the signing identity its first start makes. A restore replaces them
 * with the backup's, like every other table's rows.
 */
const FILLED_BY_INSTALLATION = new Set(["search_synonyms", "signing_identities"]);

/**
 * Loads a backup into this database, in one transaction: it must be migrated to the
 * backup's level and hold no rows yet. `beforeCommit` runs last (e.g. to restore the media),
 * so a failure there leaves the database as it was.
 */
export async function restoreDatabase(
  pool: pg.Pool,
  dir: string,
  manifest: BackupManifest,
  onTable: (table: string, rows: number) => void,
  beforeCommit: () => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const migration = await lastMigration(client);
    if (migration !== manifest.migration) {
      throw new Error("The backup was taken at another schema version than this database's; restore it with the Stockroom version that made it");
    }
    const tables = await tablesInOrder(client);
    for (const table of tables) {
      if (FILLED_BY_INSTALLATION.has(table)) continue;
      const { rows } = await client.query(`select 1 from public.${ident(table)} limit 1`);
      if (rows.length) throw new Error(`The database is not empty (table ${table} has rows); restore into a fresh DATA_DIR or database`);
    }
    for (const table of tables) {
      if (!(table in manifest.tables)) continue;
      // Rows that triggers made from the tables restored before (creator_totals from images)
      // give way to the backup's own, which are what they were when it was taken.
      await client.query(`delete from public.${ident(table)}`);
      const columns = (await columnsOf(client, table)).map(ident).join(", ");
      const insert = `insert into public.${ident(table)} (${columns}) select ${columns} from json_populate_recordset(null::public.${ident(table)}, $1::json)`;
      let batch: string[] = [];
      let count = 0;
      const flush = async () => {
        if (!batch.length) return;
        await client.query(insert, [`[${batch.join(",")}]`]);
        count += batch.length;
        batch = [];
      };
      for await (const line of createInterface({ input: createReadStream(path.join(dir, `${table}.jsonl`)), crlfDelay: Infinity })) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= INSERT_BATCH) await flush();
      }
      await flush();
      if (count !== manifest.tables[table]) throw new Error(`${table}.jsonl holds ${count} rows, the backup says ${manifest.tables[table]}`);
      // Serial columns continue after the restored ids.
      const qualified = `public.${ident(table)}`;
      const { rows: serials } = await client.query<{ column: string; seq: string }>(
        `select attname as column, pg_get_serial_sequence($1, attname) as seq from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and pg_get_serial_sequence($1, attname) is not null`,
        [qualified],
      );
      for (const serial of serials) {
        await client.query(`select setval($1, coalesce((select max(${ident(serial.column)}) from ${qualified}), 1), exists (select 1 from ${qualified}))`, [serial.seq]);
      }
      onTable(table, count);
    }
    await beforeCommit();
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
