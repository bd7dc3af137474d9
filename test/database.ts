import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { connect, withDatabase, type Database } from "../server/db/database.ts";

export const TEMPLATE_DATABASE = "stockroom_template";

export interface TestDatabase extends Database {
  url: string;
}

/**
 * A fresh, migrated database of this test file's own, cloned from the template in
 * milliseconds, and dropped after the file's tests. `{ migrated: false }`: an empty one, as
 * a new installation's PostgreSQL is before its first start.
 */
export async function testDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = inject("pgUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = connect(serverUrl, 1);
  await admin.pool.query(`create database ${name}${options.migrated === false ? "" : ` template ${TEMPLATE_DATABASE}`}`);
  await admin.close();
  const url = withDatabase(serverUrl, name);
  const database = connect(url);
  afterAll(async () => {
    await database.close();
    const cleanup = connect(serverUrl, 1);
    await cleanup.pool.query(`drop database if exists ${name} with (force)`);
    await cleanup.close();
  });
  return { ...database, url };
}
