import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_LOCK } from "../server/catalog/demo/demo-catalog.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded-postgres.ts";
import { freePort } from "../server/free-port.ts";
import { newPage } from "./browser.ts";
import { cards } from "./gallery-page.ts";
import { scratchDataDir, startServer } from "./server.ts";

/**
 * A first start: its own server on an empty database, serving while it generates the demo
 * catalog. The seeding lock is held by the test until the page is open, as if another instance
 * had begun seeding: the gallery is empty then, whatever the machine's speed.
 */
const DEMO_IMAGES = 3;
const SEEDING_LINE = "Generating the demo catalog: its images appear here as they are ready.";

describe("the first start", () => {
  const dataDir = scratchDataDir();
  let postgres: EmbeddedPostgres;
  let holder: pg.Client;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    postgres = await startEmbeddedPostgres({ dir: path.join(dataDir, "external-postgres"), password: "first-start" });
    holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1)", [SEED_LOCK]);
    server = await startServer({ port: await freePort(), dataDir, env: { DEMO_IMAGES: String(DEMO_IMAGES), DATABASE_URL: postgres.url }, serveFirst: true });
  });
  afterAll(async () => {
    await holder?.end();
    await server?.stop();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows an empty gallery that says the demo catalog is being generated, then fills it in without a reload", async () => {
    const page = await newPage("desktop", { baseURL: server.baseUrl });
    await page.goto("/");
    await page.getByText(SEEDING_LINE).waitFor();
    expect(await cards(page).count()).toBe(0);
    // Anything a reload would lose.
    await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

    await holder.query("select pg_advisory_unlock($1)", [SEED_LOCK]);
    await expect.poll(() => cards(page).count(), { timeout: 60_000, interval: 250 }).toBe(DEMO_IMAGES);
    await page.getByText(SEEDING_LINE).waitFor({ state: "detached" });
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  }, 120_000);
});
