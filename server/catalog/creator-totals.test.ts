import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { creators, creatorTotals, images } from "../db/schema.ts";
import { addImages, catalogService, minute } from "./test-fixtures.ts";

/** A creator's totals are kept by triggers on images; they must always equal a count over the images. */

const { db } = await testDatabase();
const catalog = catalogService(db);

const counted = async () =>
  (
    await db.execute<{ creator_id: number; uploads: number; likes: number; downloads: number }>(sql`
      select creator_id, count(*)::int as uploads, sum(likes)::int as likes, sum(downloads)::int as downloads
      from images where status = 'published' group by creator_id order by creator_id`)
  ).rows;

const kept = async () =>
  (
    await db.execute<{ creator_id: number; uploads: number; likes: number; downloads: number }>(sql`
      select creator_id, uploads, likes::int, downloads::int from creator_totals where uploads > 0 order by creator_id`)
  ).rows;

describe("creator totals", () => {
  it("show on the creator's page and follow likes, downloads, hiding and deletion at once", async () => {
    const [first, second] = await addImages(db, [
      { title: "Totals one", creator: "Tess Totals", tags: ["t"], createdAt: minute(1), likes: 2, downloads: 5 },
      { title: "Totals two", creator: "Tess Totals", tags: ["t"], createdAt: minute(2), likes: 1, downloads: 1 },
    ]);
    expect(await catalog.creator("Tess Totals", { limit: 10 })).toMatchObject({ uploads: 2, likes: 3, downloads: 6 });
    await db.update(images).set({ likes: sql`${images.likes} + 1` }).where(eq(images.id, first!));
    await db.update(images).set({ status: "hidden" }).where(eq(images.id, second!));
    expect(await catalog.creator("Tess Totals", { limit: 10 })).toMatchObject({ uploads: 1, likes: 3, downloads: 5 });
    await db.delete(images).where(eq(images.id, first!));
    await expect(catalog.creator("Tess Totals", { limit: 10 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("equal a count over the images after any sequence of changes", async () => {
    const ids = await addImages(
      db,
      Array.from({ length: 6 }, (_, i) => ({ title: `Prop ${i}`, creator: `Prop Creator ${i % 3}`, tags: ["p"], createdAt: minute(10 + i) })),
    );
    const creatorIds = (await db.select({ id: creators.id }).from(creators).where(inArray(creators.name, ["Prop Creator 0", "Prop Creator 1", "Prop Creator 2"]))).map((c) => c.id);
    const change = fc.oneof(
      fc.record({ kind: fc.constant("likes" as const), image: fc.constantFrom(...ids), by: fc.integer({ min: -3, max: 5 }) }),
      fc.record({ kind: fc.constant("downloads" as const), image: fc.constantFrom(...ids), by: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ kind: fc.constant("status" as const), image: fc.constantFrom(...ids), hidden: fc.boolean() }),
      fc.record({ kind: fc.constant("creator" as const), image: fc.constantFrom(...ids), to: fc.constantFrom(...creatorIds) }),
      fc.record({ kind: fc.constant("many" as const), by: fc.integer({ min: 0, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 12 }), async (changes) => {
        for (const c of changes) {
          const one = "image" in c ? eq(images.id, c.image) : inArray(images.id, ids);
          if (c.kind === "likes") await db.update(images).set({ likes: sql`greatest(${images.likes} + ${c.by}, 0)` }).where(one);
          if (c.kind === "downloads" || c.kind === "many") await db.update(images).set({ downloads: sql`${images.downloads} + ${c.by}` }).where(one);
          if (c.kind === "status") await db.update(images).set({ status: c.hidden ? "hidden" : "published" }).where(one);
          if (c.kind === "creator") await db.update(images).set({ creatorId: c.to }).where(one);
        }
        expect(await kept()).toEqual(await counted());
      }),
      { numRuns: 40 },
    );
    expect((await db.select().from(creatorTotals)).length).toBeGreaterThan(0);
  });
});
