import { afterAll, describe, expect, it, vi } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { listenForChanges } from "../db/change-feed.ts";
import { createLogger } from "../logger.ts";
import { CATALOG_CHANGES } from "./catalog-cache.ts";
import type { ListQuery } from "./catalog-service.ts";
import { addImages, catalogService, minute } from "./test-fixtures.ts";
import { listCursor, type ListPosition } from "#contracts/catalog";

/** Orientation and colour narrow every list (all, tag, search, creator), alone and together, kept lists included. */

const { db, pool } = await testDatabase();
const changes = listenForChanges(pool, CATALOG_CHANGES, createLogger("silent"));
afterAll(() => changes.close());
const catalog = catalogService(db, changes);
await vi.waitFor(() => expect(changes.live).toBe(true));

await addImages(db, [
  { title: "Blue harbour", creator: "Mira Holt", tags: ["sea"], createdAt: minute(1), width: 1600, height: 1000, colors: ["blue", "white"] },
  { title: "Tall blue tower", creator: "Ida Berg", tags: ["city"], createdAt: minute(2), width: 1000, height: 1600, colors: ["blue"] },
  { title: "Red square harbour", creator: "Mira Holt", tags: ["sea"], createdAt: minute(3), width: 1000, height: 1020, colors: ["red", "black"] },
  { title: "Green field", creator: "Ida Berg", tags: ["meadow"], createdAt: minute(4), width: 2000, height: 1000, colors: ["green", "blue"] },
  { title: "Unlabelled harbour", creator: "Mira Holt", tags: ["sea"], createdAt: minute(5), width: 1600, height: 1000, colors: null },
]);

async function titles(query: Omit<ListQuery, "limit">): Promise<string[]> {
  return (await catalog.list({ ...query, limit: 100 })).items.map((i) => i.title);
}

describe("orientation and colour filters", () => {
  it("narrows the newest images by orientation, square within 5% of 1:1", async () => {
    expect(await titles({ orientation: "portrait" })).toEqual(["Tall blue tower"]);
    expect(await titles({ orientation: "square" })).toEqual(["Red square harbour"]);
    expect(await titles({ orientation: "landscape" })).toEqual(["Unlabelled harbour", "Green field", "Blue harbour"]);
  });

  it("narrows by any of an image's colour labels", async () => {
    expect(await titles({ color: "blue" })).toEqual(["Green field", "Tall blue tower", "Blue harbour"]);
    expect(await titles({ color: "black" })).toEqual(["Red square harbour"]);
    expect(await titles({ color: "pink" })).toEqual([]);
  });

  it("combines both, and each with a tag, a search (its total too) and a creator", async () => {
    expect(await titles({ orientation: "landscape", color: "blue" })).toEqual(["Green field", "Blue harbour"]);
    expect(await titles({ tag: "sea", color: "blue" })).toEqual(["Blue harbour"]);
    expect(await titles({ tag: "sea", orientation: "square" })).toEqual(["Red square harbour"]);
    const search = await catalog.list({ q: "harbour", orientation: "landscape", limit: 100 });
    expect(search.items.map((i) => i.title)).toEqual(["Unlabelled harbour", "Blue harbour"]);
    expect(search.total).toBe(2);
    const colored = await catalog.list({ q: "harbour", color: "red", limit: 100 });
    expect([colored.items.map((i) => i.title), colored.total]).toEqual([["Red square harbour"], 1]);
    expect((await catalog.list({ q: "harbour", limit: 100 })).total).toBe(3);
    const creator = await catalog.creator("Ida Berg", { limit: 30, color: "green" });
    expect(creator.images.items.map((i) => i.title)).toEqual(["Green field"]);
    expect(creator.uploads).toBe(2);
  });

  it("pages a narrowed list without repeats or gaps", async () => {
    const seen: string[] = [];
    let cursor: ListPosition | undefined;
    do {
      const page = await catalog.list({ color: "blue", limit: 1, cursor });
      seen.push(...page.items.map((i) => i.title));
      cursor = page.nextCursor ? listCursor.parse(page.nextCursor) : undefined;
    } while (cursor);
    expect(seen).toEqual(["Green field", "Tall blue tower", "Blue harbour"]);
  });

  it("keeps each narrowed list apart from the others while lists are kept", async () => {
    expect(changes.live).toBe(true);
    const all = await titles({});
    expect(await titles({ orientation: "portrait" })).toEqual(["Tall blue tower"]);
    expect(await titles({ color: "red" })).toEqual(["Red square harbour"]);
    expect(await titles({})).toEqual(all);
    expect((await catalog.list({ q: "harbour", limit: 100, color: "white" })).total).toBe(1);
    expect((await catalog.list({ q: "harbour", limit: 100 })).total).toBe(3);
  });
});
