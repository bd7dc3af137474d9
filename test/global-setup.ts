import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect, createDatabaseIfMissing, migrateDatabase, withDatabase } from "../server/db/database.ts";
import { startEmbeddedPostgres } from "../server/db/embedded-postgres.ts";
import { buildIfChanged } from "../scripts/build-if-changed.ts";
import { TEMPLATE_DATABASE } from "./database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server (database `postgres`). */
    pgUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run, with a migrated template database that each
 * test file clones (test/database.ts). TEST_DATABASE_URL points the suite at another server;
 * TEST_POSTGRES_BIN starts the server from another PostgreSQL's binaries (`npm test` runs the
 * suite again on Debian's PostgreSQL 15 that way).
 * The app is built first when its sources changed since the last build: some tests serve its pages.
 */
export default async function setup(project: TestProject) {
  buildIfChanged();
  let url = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), "stockroom-test-"));
    chmodSync(dir, 0o755); // PostgreSQL may run as another user, who must reach its folder
    const server = await startEmbeddedPostgres({ dir: path.join(dir, "postgres"), password: "test", binDir: process.env.TEST_POSTGRES_BIN });
    url = server.url;
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = connect(url, 1);
  await admin.pool.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await admin.close();
  await createDatabaseIfMissing(url, TEMPLATE_DATABASE);
  const template = connect(withDatabase(url, TEMPLATE_DATABASE), 1);
  await migrateDatabase(template.pool);
  await template.close();
  project.provide("pgUrl", url);
  return stop;
}
