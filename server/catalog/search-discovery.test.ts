import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { dailyActivity, searchQueries } from "../db/schema.ts";
import { addImages, catalogService, hide, minute } from "./test-fixtures.ts";

/** Popular searches from the search log, and "Did you mean" for a search that finds nothing, on a real database. */

const { db } = await testDatabase();
const catalog = catalogService(db);

const [misty, river, hiddenOne] = (await addImages(db, [
  { title: "Misty mountain", tags: ["mountain", "fog"], createdAt: minute(1) },
  { title: "River bend", tags: ["river", "mountain stream"], createdAt: minute(2) },
  { title: "Secret cove", tags: ["mountainside"], createdAt: minute(3) },
])) as [number, number, number];
await hide(db, [hiddenOne]);

/** Searches as `visitors` different people (address and browser) would make them, written to the log. */
async function search(q: string, visitors: string[]) {
  for (const visitor of visitors) await catalog.list({ q, limit: 30 }, undefined, visitor);
  await catalog.close();
}

describe("popular searches", () => {
  it("offers searches of the last week that found images and that several people made, most people first", async () => {
    await search("mountain", ["10.0.0.1 Firefox", "10.0.0.2 Safari", "10.0.0.3 Chrome", "10.0.0.4 Chrome"]);
    // Spellings and word forms count together, shown as most people wrote it.
    await search("Rivers ", ["10.0.0.5 Edge"]);
    await search("river", ["10.0.0.1 Firefox", "10.0.0.2 Safari"]);
    // One person searching again and again is not popular.
    await search("fog", Array.from({ length: 6 }, () => "10.0.0.9 Firefox"));
    // Nor is a search that finds nothing, however many make it.
    await search("volcano", ["10.0.0.1 Firefox", "10.0.0.2 Safari", "10.0.0.3 Chrome"]);
    expect(await catalog.popularSearches()).toEqual(["mountain", "river"]);
  });

  it("forgets searches older than a week, and stores no address, only a daily key", async () => {
    await db.insert(searchQueries).values(
      ["a", "b", "c"].map((visitor) => ({ query: "old favourite", results: 4, visitor, createdAt: new Date(Date.now() - 8 * 86_400_000) })),
    );
    await search("fog", ["10.0.0.1 Firefox", "10.0.0.2 Safari"]);
    const popular = await catalogService(db).popularSearches();
    // fog: three people now, and more searches than river's three.
    expect(popular).toEqual(["mountain", "fog", "river"]);
    const stored = (await db.execute<{ visitor: string }>(sql`select distinct visitor from search_queries where visitor is not null`)).rows;
    expect(stored.some((row) => row.visitor.includes("10.0.0") || row.visitor.includes("Firefox"))).toBe(false);
  });

  it("offers at most 6 searches, as the spec's suggestions, however many are popular", async () => {
    const weekly = ["lake", "forest", "sunset", "beach", "city", "snow", "desert", "meadow"];
    await db.insert(searchQueries).values(weekly.flatMap((query) => ["a", "b", "c"].map((visitor) => ({ query, results: 2, visitor }))));
    const popular = await catalogService(db).popularSearches();
    expect(popular).toHaveLength(6);
  });
});

describe("did you mean", () => {
  it("offers the closest tags of published images when a search finds nothing", async () => {
    // As typed: otherwise a word that matches nothing is read as the closest word (server/http/api/search.test.ts).
    const page = await catalog.list({ q: "montain", limit: 30, asTyped: true });
    expect(page.total).toBe(0);
    expect(page.didYouMean).toEqual(["mountain", "mountain stream"]);
    expect((await catalog.list({ q: "rivver", limit: 30, asTyped: true })).didYouMean).toEqual(["river"]);
  });

  it("offers nothing when the search finds images, or when no tag is close", async () => {
    expect((await catalog.list({ q: "mountain", limit: 30 })).didYouMean).toBeUndefined();
    expect((await catalog.list({ q: "xylophone", limit: 30 })).didYouMean).toEqual([]);
  });
});

describe("popular images", () => {
  it("offers the published images most downloaded and liked over the last 30 days, most first", async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await db.insert(dailyActivity).values([
      { day: day(1), imageId: misty, downloads: 1, likes: 1 },
      { day: day(2), imageId: river, downloads: 3, likes: 2 },
      // Long ago: it does not count.
      { day: day(45), imageId: misty, downloads: 100 },
      // Hidden: never offered.
      { day: day(1), imageId: hiddenOne, downloads: 50 },
    ]);
    expect((await catalogService(db).popularImages()).map((image) => image.id)).toEqual([river, misty]);
  });
});
