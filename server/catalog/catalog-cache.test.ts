import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { testDatabase } from "../../test/database.ts";
import { CHANGE_FEED_APPLICATION_NAME, listenForChanges } from "../db/change-feed.ts";
import { images, imageTags } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { CATALOG_CHANGES } from "./catalog-cache.ts";
import { addImages, catalogService, hide, minute } from "./test-fixtures.ts";

/**
 * Lists kept between changes, on a real database: whatever changes what a list shows, from
 * any connection (another instance, an operator command), reaches the next list within
 * moments; a change the database does not announce is not seen while the list is kept, and
 * nothing is kept while the instance cannot hear the announcements.
 */

const database = await testDatabase();
const { db, pool } = database;
const changes = listenForChanges(pool, CATALOG_CHANGES, createLogger("silent"));
afterAll(() => changes.close());
const catalog = catalogService(db, changes);

const [dusk, dawn] = (await addImages(db, [
  { title: "Harbour at dusk", creator: "Mira Holt", tags: ["sea"], createdAt: minute(1), likes: 3 },
  { title: "Lake at dawn", creator: "Ida Berg", tags: ["water"], createdAt: minute(2) },
])) as [number, number];

const firstPage = () => catalog.list({ limit: 30 });
const titles = (page: ImagePage) => page.items.map((item) => item.title);
const likesOf = (page: ImagePage, id: number) => page.items.find((item) => item.id === id)?.likes;

/** Changes a title without the database announcing it (triggers off for this transaction). */
async function renameUnannounced(id: number, title: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(images).set({ title }).where(eq(images.id, id));
  });
}

/**
 * How long the change feed may take to say that it lost its connection or has it back (it connects
 * again 500 ms after a loss, up to 5 s after several): well under a second on a quiet machine, more
 * than vi.waitFor's default second on a busy one (a full run at a load average of 15 failed on it).
 */
const FEED_NEWS = { timeout: 10_000, interval: 20 };

/**
 * Resolves once every change committed so far has been heard: PostgreSQL delivers
 * notifications in commit order, so hearing a marker sent now means hearing all before it.
 */
async function settled() {
  await vi.waitFor(() => expect(changes.live).toBe(true), FEED_NEWS);
  const marker = `marker-${Math.random()}`;
  const heard = new Promise<void>((resolve) => {
    const stop = changes.subscribe((payload) => payload === marker && (stop(), resolve()));
  });
  await pool.query("select pg_notify($1, $2)", [CATALOG_CHANGES, marker]);
  await heard;
}

/** The list, asked again until it shows what is expected (the announcement is on its way). */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3000, interval: 20 });

describe("lists kept between changes", () => {
  it("serves a kept list until a change is announced, then the changed one", async () => {
    await settled();
    expect(titles(await firstPage())).toEqual(["Lake at dawn", "Harbour at dusk"]);
    await renameUnannounced(dawn, "Lake at first light");
    expect(titles(await firstPage())).toEqual(["Lake at dawn", "Harbour at dusk"]);

    await db.update(images).set({ title: "Lake at daybreak" }).where(eq(images.id, dawn));
    await eventually(async () => expect(titles(await firstPage())).toEqual(["Lake at daybreak", "Harbour at dusk"]));
  });

  it("shows new like counts, new images, new tags and hidden images gone", async () => {
    await db.update(images).set({ likes: 4 }).where(eq(images.id, dusk));
    await eventually(async () => expect(likesOf(await firstPage(), dusk)).toBe(4));

    const [noon] = (await addImages(db, [{ title: "Bay at noon", tags: ["sea"], createdAt: minute(3) }])) as [number];
    await eventually(async () => expect(titles(await catalog.list({ limit: 30, tag: "sea" }))).toEqual(["Bay at noon", "Harbour at dusk"]));

    expect(titles(await catalog.list({ limit: 30, tag: "water" }))).toEqual(["Lake at daybreak"]);
    await db.delete(imageTags).where(eq(imageTags.imageId, dawn));
    await eventually(async () => expect(titles(await catalog.list({ limit: 30, tag: "water" }))).toEqual([]));

    expect((await catalog.list({ limit: 30, q: "bay" })).total).toBe(1);
    await hide(db, [noon]);
    await eventually(async () => {
      expect(titles(await firstPage())).not.toContain("Bay at noon");
      expect((await catalog.list({ limit: 30, q: "bay" })).total).toBe(0);
    });
  });

  it("keeps nothing while it cannot hear the database, and keeps again once it hears it again", async () => {
    await vi.waitFor(() => expect(changes.live).toBe(true), FEED_NEWS);
    await pool.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()", [
      CHANGE_FEED_APPLICATION_NAME,
    ]);
    await vi.waitFor(() => expect(changes.live).toBe(false), FEED_NEWS);
    await renameUnannounced(dusk, "Harbour at nightfall");
    expect(titles(await firstPage())).toContain("Harbour at nightfall");

    await settled();
    await firstPage();
    await renameUnannounced(dusk, "Harbour at midnight");
    expect(titles(await firstPage())).toContain("Harbour at nightfall");
  });
});
