import { describe, expect, it, vi } from "vitest";
import { scratchDir } from "../../../test/scratch-dir.ts";
import { testDatabase } from "../../../test/database.ts";
import { creators, images } from "../../db/schema.ts";
import { listenForChanges } from "../../db/change-feed.ts";
import { createLogger } from "../../logger.ts";
import { CATALOG_CHANGES } from "../catalog-cache.ts";
import { localDiskStorage } from "../../media/local-disk-storage.ts";
import sharp from "sharp";
import { DUPLICATE_MAX_BITS } from "../import/import-service.ts";
import { testImportService } from "../../../test/people-and-images.ts";
import { visualHash } from "../../media/visual-hash.ts";
import { createDemoCatalog, demoItems } from "./demo-catalog.ts";
import { createDemoRepository } from "./demo-repository.ts";
import { bytesOf } from "../../media/download.ts";
import { DIGITAL_SOURCE_TYPE } from "../../media/labels.ts";
import { readLabel, TEST_LICENSE_URL } from "../../media/test-images.ts";

const database = await testDatabase();
const media = localDiskStorage(scratchDir("demo"));
const imports = testImportService(database.db, media);
const demo = createDemoCatalog({ imports, repository: createDemoRepository(database.db) });
const noProgress = () => ({ update() {}, stop() {} });

describe("the demo catalog", () => {
  it("has at least 40 distinct tags, 8 creators and several categories across the default 150", () => {
    const items = demoItems(150);
    expect(new Set(items.flatMap((i) => i.tags!.map((t) => t.toLowerCase()))).size).toBeGreaterThanOrEqual(40);
    expect(new Set(items.map((i) => i.creator)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(items.map((i) => i.category)).size).toBeGreaterThanOrEqual(5);
    // Plausible counts: mostly modest, a few popular, downloads above likes, views above downloads.
    expect(items.every((i) => i.downloads! >= i.likes! && i.views! >= i.downloads!)).toBe(true);
    expect(items.filter((i) => i.likes! > 100).length).toBeGreaterThan(5);
  });

  it("holds no two pictures among the default 150 that the importer would refuse as the same picture", async () => {
    const hashes: bigint[] = [];
    for (const item of demoItems(150)) hashes.push(await visualHash(sharp((await item.file()) as Buffer))); // the demo draws its pictures in memory
    const differing = (a: bigint, b: bigint) => [...(a ^ b).toString(2)].filter((bit) => bit === "1").length;
    const alike = hashes.flatMap((a, i) => hashes.slice(0, i).filter((b) => differing(a, b) <= DUPLICATE_MAX_BITS).map(() => i));
    expect(alike).toEqual([]);
  }, 60_000);

  it("is the same for the same seed and different for another", () => {
    const titles = (seed: number) => demoItems(20, seed).map((i) => `${i.title}|${i.tags!.join(",")}|${i.creator}`);
    expect(titles(7)).toEqual(titles(7));
    expect(titles(7)).not.toEqual(titles(8));
  });

  it("fills an empty catalog on start, once, in portrait, landscape and square, with creators' avatars", async () => {
    const summary = await demo.seedOnStart({ count: 10, progress: noProgress });
    expect(summary).toMatchObject({ imported: 10, skipped: 0 });
    const rows = await database.db.select().from(images);
    expect(rows).toHaveLength(10);

    const shapes = new Set(rows.map((r) => (r.width > r.height ? "landscape" : r.width < r.height ? "portrait" : "square")));
    expect(shapes).toEqual(new Set(["landscape", "portrait", "square"]));
    const people = await database.db.select().from(creators);
    expect(people.length).toBeGreaterThanOrEqual(8);
    for (const creator of people) {
      const avatar = await media.read(creator.avatarKey!);
      expect(await readLabel(await bytesOf(avatar!.stream))).toMatchObject({ digitalSourceType: DIGITAL_SOURCE_TYPE, creator: creator.name, licenseUrl: TEST_LICENSE_URL });
    }
    // Four images in five say how they were made, plausibly; the others say nothing.
    const made = rows.filter((r) => r.aiModel !== null);
    expect(made.length).toBeGreaterThan(0);
    expect(made.length).toBeLessThan(10);
    expect(made.every((r) => r.aiPrompt && r.aiSeed && r.aiSettings && r.generatedAt! <= r.createdAt)).toBe(true);

    // Likes are people: every stored like count is the number of (demo) people who like it.
    const { rows: counts } = await database.pool.query<{ stored: number; people: number }>(
      "select i.likes as stored, (select count(*) from likes l where l.image_id = i.id)::int as people from images i",
    );
    expect(counts.every((c) => c.stored === c.people)).toBe(true);
    const expected = new Map(demoItems(10).map((i) => [i.sourceId, i.likes]));
    expect(new Map(rows.map((r) => [r.sourceId, r.likes]))).toEqual(expected);
    expect(counts.some((c) => c.people > 0)).toBe(true);

    // Its history agrees with the counters: views and downloads are the sums of the days, each
    // day's likes are the like rows made that day (UTC), by visitors who had signed up by then.
    const { rows: disagreements } = await database.pool.query(`
      select i.id from images i left join (
        select image_id, sum(views) as views, sum(downloads) as downloads, sum(likes) as likes from daily_activity group by image_id
      ) d on d.image_id = i.id
      where (i.views, i.downloads, i.likes) is distinct from (d.views::int, d.downloads::int, d.likes::int)
      union all
      select coalesce(d.image_id, l.image_id) from daily_activity d full join (
        select image_id, (created_at at time zone 'UTC')::date as day, count(*)::int as n from likes group by 1, 2
      ) l using (image_id, day)
      where d.likes is distinct from l.n and not (d.likes = 0 and l.n is null)
      union all
      select l.image_id from likes l join "user" u on u.id = l.user_id where u.created_at > l.created_at`);
    expect(disagreements).toEqual([]);
    const { rows: searches } = await database.pool.query<{ days: number; empty: number }>(
      "select count(distinct (created_at at time zone 'UTC')::date)::int as days, (count(*) filter (where results = 0))::int as empty from search_queries",
    );
    // The last 90 days, today included once part of it has passed: in the first minutes after
    // midnight (UTC) today has no searches yet (demo-history.test.ts pins the days on a fixed clock).
    expect(searches[0]!.days).toBeGreaterThanOrEqual(89);
    expect(searches[0]!.days).toBeLessThanOrEqual(90);
    expect(searches[0]!.empty).toBeGreaterThan(0);

    // A second start finds the catalog filled and does nothing.
    expect(await demo.seedOnStart({ count: 10, progress: noProgress })).toBeNull();
    expect(await database.db.$count(images)).toBe(10);
  }, 120_000);

  it("generates the gallery's first screenful first, with its likes, says it is seeding meanwhile, and announces when it is over", async () => {
    const own = await testDatabase();
    const seeder = createDemoCatalog({ imports: testImportService(own.db, media), repository: createDemoRepository(own.db) });
    const changes = listenForChanges(own.pool, CATALOG_CHANGES, createLogger("silent"));
    await vi.waitUntil(() => changes.live);
    /** Whether the seeder said it was seeding when each announcement was heard. */
    const heard: boolean[] = [];
    changes.subscribe((payload) => payload !== null && heard.push(seeder.seeding));
    const stop = new AbortController();
    const seenWhileSeeding: boolean[] = [];
    expect(seeder.seeding).toBe(false);
    const progress = () => ({
      update(done: number) {
        seenWhileSeeding.push(seeder.seeding);
        // A stop once the first screenful is in: that much is finished, with its history.
        if (done === 12) stop.abort();
      },
      stop() {},
    });
    expect(await seeder.seedOnStart({ count: 20, signal: stop.signal, progress })).toMatchObject({ imported: 12 });
    expect(seenWhileSeeding.length).toBeGreaterThan(0);
    expect(seenWhileSeeding.every(Boolean)).toBe(true);
    expect(seeder.seeding).toBe(false);
    // The twelve newest of the twenty, as the gallery lists them, each with its likes.
    const newest = demoItems(20).sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime()).slice(0, 12);
    const rows = await own.db.select({ sourceId: images.sourceId, likes: images.likes }).from(images);
    expect(new Map(rows.map((r) => [r.sourceId, r.likes]))).toEqual(new Map(newest.map((i) => [i.sourceId, i.likes])));
    // The last announcement came once the seeder no longer said it was seeding.
    await vi.waitUntil(() => heard.length > 0 && heard.at(-1) === false);

    // The next start carries on with the rest.
    expect(await seeder.seedOnStart({ count: 20, progress: noProgress })).toMatchObject({ imported: 8 });
    expect(await own.db.$count(images)).toBe(20);
    await changes.close();
  }, 120_000);
});
