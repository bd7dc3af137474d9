import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { listCursor, type ImagePage } from "#contracts/catalog";
import { EXPLORE_TAGS, RELATED_MAX, SEARCH_TOTAL_MAX, SUGGESTIONS_MAX } from "#contracts/catalog-constants";
import { testDatabase } from "../../test/database.ts";
import { images, likes, searchQueries, user } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { ListQuery } from "./catalog-service.ts";
import { addImages, catalogService, hide, minute } from "./test-fixtures.ts";

/** The catalog's read side on a real database, as the gallery's pages and the API use it. */

const { db } = await testDatabase();
const catalog = catalogService(db);

/** Every page of a list, following nextCursor; the ids in the order served. */
async function allIds(query: Omit<ListQuery, "limit" | "cursor">, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let page: ImagePage | undefined;
  do {
    page = await catalog.list({ ...query, limit, cursor: page?.nextCursor ? listCursor.parse(page.nextCursor) : undefined });
    ids.push(...page.items.map((i) => i.id));
  } while (page.nextCursor);
  return ids;
}

async function titles(query: Omit<ListQuery, "limit">): Promise<string[]> {
  return (await catalog.list({ ...query, limit: 100 })).items.map((i) => i.title);
}

const notFound = expect.objectContaining({ code: "NOT_FOUND" });

// One catalog for the whole file; each test looks at the part it is about.
const ids = await addImages(db, [
  { title: "Harbour at dusk", creator: "Mira Holt", tags: ["sea", "boats", "evening"], createdAt: minute(1), likes: 3, downloads: 10 },
  { title: "Café terrace", creator: "Zoë Martin", tags: ["city", "Éclair"], createdAt: minute(2) },
  { title: "Lake at dawn", creator: "Ida Berg", tags: ["water", "morning"], createdAt: minute(3) },
  { title: "Flakes of snow", creator: "Ida Berg", tags: ["winter"], createdAt: minute(4) },
  { title: "Quiet street", creator: "Lakey Stone", tags: ["city"], createdAt: minute(5) },
  { title: "Seaside cottage", creator: "Mira Holt", tags: ["seaside", "house"], createdAt: minute(6), likes: 4, downloads: 5 },
  { title: "Hidden harbour", creator: "Mira Holt", tags: ["sea", "secret"], createdAt: minute(7), likes: 100, downloads: 100 },
  { title: "Only hidden", creator: "Ghost Painter", tags: ["ghostly"], createdAt: minute(8) },
]);
const [harbour, cafe, lake, flakes, street, seaside, hiddenHarbour, onlyHidden] = ids as [number, number, number, number, number, number, number, number];
await hide(db, [hiddenHarbour, onlyHidden]);

describe("lists", () => {
  it("lists published images newest first, across pages with no repeats or gaps, even when times are equal", async () => {
    const same = new Date(Date.UTC(2026, 0, 2));
    const tied = await addImages(
      db,
      Array.from({ length: 7 }, (_, i) => ({ title: `Tied ${i}`, tags: ["tied"], createdAt: same })),
    );
    const everything = await allIds({}, 3);
    expect(everything.slice(0, 7)).toEqual([...tied].reverse());
    expect(everything).toEqual([...[...tied].reverse(), seaside, street, flakes, lake, cafe, harbour]);
    expect(await allIds({}, 100)).toEqual(everything);
    const first = await catalog.list({ limit: 100 });
    expect(first.nextCursor).toBeNull();
    expect(first.total).toBeNull(); // counted for text searches only
  });

  it("filters by tag: a case-insensitive exact match, not a substring", async () => {
    expect(await titles({ tag: "SEA" })).toEqual(["Harbour at dusk"]);
    expect(await titles({ tag: "éclair" })).toEqual(["Café terrace"]);
    expect(await titles({ tag: "se" })).toEqual([]);
    expect(await titles({ tag: "no such tag" })).toEqual([]);
  });

  it("lets a tag win over a text search", async () => {
    const page = await catalog.list({ limit: 10, tag: "winter", q: "harbour" });
    expect(page.items.map((i) => i.title)).toEqual(["Flakes of snow"]);
    expect(page.total).toBeNull();
  });

  it("finds a text in titles, creator names and tags, in any case and accents aside (issue 19)", async () => {
    expect(await titles({ q: "CAFÉ" })).toEqual(["Café terrace"]);
    expect(await titles({ q: "afé ter" })).toEqual(["Café terrace"]);
    expect(await titles({ q: "zoë" })).toEqual(["Café terrace"]);
    expect(await titles({ q: "ÉCLA" })).toEqual(["Café terrace"]);
    expect(await titles({ q: "oat" })).toEqual(["Harbour at dusk"]); // tag "boats"
    expect(await titles({ q: "cafe" })).toEqual(["Café terrace"]); // accents never matter
    expect(await titles({ q: "100%" })).toEqual([]); // LIKE's characters are plain text
  });

  it("matches each word in a field of its own (issue 19): the title one, the creator another", async () => {
    // "dawn" is in the title "Lake at dawn", "ida" in its creator "Ida Berg".
    expect(await titles({ q: "dawn ida" })).toEqual(["Lake at dawn"]);
    expect(await titles({ q: "at dawn" })).toEqual(["Lake at dawn"]);
  });

  it("ranks a word of a title or tag first, then the text inside a word, then creator names, and pages across the tiers", async () => {
    // "lake": the title "Lake at dawn" (a word), "Flakes of snow" (inside a word), creator "Lakey Stone".
    const page = await catalog.list({ limit: 10, q: "lake" });
    expect(page.items.map((i) => i.title)).toEqual(["Lake at dawn", "Flakes of snow", "Quiet street"]);
    expect(page.total).toBe(3);
    expect(await allIds({ q: "lake" }, 1)).toEqual([lake, flakes, street]);
    // Tags rank like titles: "sea" starts the tags sea and seaside, newest first.
    expect(await titles({ q: "sea" })).toEqual(["Seaside cottage", "Harbour at dusk"]);
  });

  it("counts a search on its first page only, and logs it as typed", async () => {
    const query = "Harbour";
    const first = await catalog.list({ limit: 1, q: ` ${query} ` });
    expect(first.total).toBe(1);
    await vi.waitFor(async () => {
      const logged = await db.select().from(searchQueries).where(eq(searchQueries.query, query));
      expect(logged.map((r) => r.results)).toEqual([1]);
    });
  });

  it("fills `liked` for the viewer", async () => {
    const viewer = randomUUID();
    await db.insert(user).values({ id: viewer, name: "Viewer", email: `${viewer}@example.test` });
    await db.insert(likes).values({ userId: viewer, imageId: cafe });
    const liked = (page: ImagePage) => page.items.filter((i) => i.liked).map((i) => i.id);
    expect(liked(await catalog.list({ limit: 100 }, viewer))).toEqual([cafe]);
    expect(liked(await catalog.list({ limit: 100 }))).toEqual([]);
    expect((await catalog.get(cafe, viewer)).liked).toBe(true);
  });
});

describe("hidden images", () => {
  it("appear in no list, search, tag, detail, related list, creator total, tag or suggestion", async () => {
    const seen = [...(await allIds({}, 100)), ...(await allIds({ q: "harbour" }, 100)), ...(await allIds({ tag: "secret" }, 100))];
    expect(seen).not.toContain(hiddenHarbour);
    await expect(catalog.get(hiddenHarbour)).rejects.toEqual(notFound);
    await expect(catalog.recordView(hiddenHarbour, "network:203.0.113.1")).rejects.toEqual(notFound);
    expect((await catalog.get(harbour)).related.map((r) => r.id)).not.toContain(hiddenHarbour);
    const mira = await catalog.creator("Mira Holt", { limit: 10 });
    expect(mira).toMatchObject({ uploads: 2, likes: 7, downloads: 15 });
    expect(mira.images.items.map((i) => i.id)).toEqual([seaside, harbour]);
    await expect(catalog.creator("Ghost Painter", { limit: 10 })).rejects.toEqual(notFound);
    expect(await catalog.suggest("ghost")).toEqual([]);
    expect(await catalog.suggest("secr")).toEqual([]);
  });
});

describe("an image's detail", () => {
  it("gives resolution, size in MB, download sizes, sources and the creator", async () => {
    const [id] = await addImages(db, [
      { title: "Big dunes", creator: "Ida Berg", tags: ["desert"], createdAt: minute(30), width: 1500, height: 1000, bytes: 2_621_440 },
    ]);
    const detail = await catalog.get(id!);
    expect(detail).toMatchObject({
      id,
      path: `/images/${id}-big-dunes`,
      title: "Big dunes",
      resolution: "1500 × 1000",
      fileSize: "2.5MB",
      fileBytes: 2_621_440,
      views: 0,
      createdAt: "2026-01-01T12:30:00.000Z",
      creator: { name: "Ida Berg", avatarUrl: null },
      tags: ["desert"],
      downloadSizes: [
        { name: "small", width: 640, height: 427 },
        { name: "medium", width: 1280, height: 853 },
        { name: "original", width: 1500, height: 1000 },
      ],
    });
    expect(detail.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(detail.sources[2]!.srcset).toMatch(/^\/media\/v\/\S+-320\.jpg 320w, \/media\/\S+-640\.jpg 640w, \/media\/\S+-1280\.jpg 1280w, \/media\/\S+-1500\.jpg 1500w$/);
    expect(detail.src).toMatch(/-640\.jpg$/);
    // One view per visitor per image per hour: two visitors, one of them twice.
    await catalog.recordView(id!, "network:203.0.113.1");
    await catalog.recordView(id!, "account:someone");
    await catalog.recordView(id!, "network:203.0.113.1");
    expect((await catalog.get(id!)).views).toBe(2);
  });

  it("shows a file under 0.05 MB as '< 0.1MB', never '0.0MB'", async () => {
    const [tiny, small] = await addImages(db, [
      { title: "Tiny icon", createdAt: minute(31), bytes: 30_000 },
      { title: "Small icon", createdAt: minute(32), bytes: 52_429 },
    ]);
    expect((await catalog.get(tiny!)).fileSize).toBe("< 0.1MB");
    expect((await catalog.get(small!)).fileSize).toBe("0.1MB");
  });

  it("says how it was made when the source told, and gives null when it did not", async () => {
    const [made, plain] = (await addImages(db, [
      {
        title: "Glass city",
        createdAt: minute(31),
        howMade: { model: "FLUX.1 [dev]", prompt: "  a glass city at dawn\r\nwide angle ", seed: "42", generatedAt: new Date("2025-12-24T08:00:00Z") },
      },
      { title: "Plain city", createdAt: minute(32), howMade: { model: "   ", prompt: "" } },
    ])) as [number, number];
    expect((await catalog.get(made)).howMade).toEqual({
      model: "FLUX.1 [dev]",
      prompt: "a glass city at dawn\nwide angle",
      negativePrompt: null,
      seed: "42",
      settings: null,
      generatedAt: "2025-12-24T08:00:00.000Z",
    });
    expect((await catalog.get(plain)).howMade).toBeNull();
  });

  it("answers NOT_FOUND for an unknown id", async () => {
    await expect(catalog.get(2_000_000_000)).rejects.toBeInstanceOf(AppError);
    await expect(catalog.get(2_000_000_000)).rejects.toEqual(notFound);
  });

  it("relates at most 8 others: shared tags first, then the creator, then the category", async () => {
    const made = await addImages(db, [
      { title: "Rel target", creator: "Rel Creator", category: "Rel", tags: ["r1", "r2"], createdAt: minute(40) },
      { title: "Rel both tags", creator: "Someone", tags: ["r1", "r2"], createdAt: minute(41) },
      { title: "Rel one tag", creator: "Someone", tags: ["r2"], createdAt: minute(42) },
      ...Array.from({ length: 4 }, (_, i) => ({ title: `Rel same creator ${i}`, creator: "Rel Creator", createdAt: minute(43 + i) })),
      ...Array.from({ length: 6 }, (_, i) => ({ title: `Rel same category ${i}`, creator: "Someone", category: "Rel", createdAt: minute(50 + i) })),
    ]);
    const related = (await catalog.get(made[0]!)).related.map((r) => r.title);
    expect(related).toHaveLength(RELATED_MAX);
    expect(related).not.toContain("Rel target");
    expect(related).toEqual([
      "Rel both tags",
      "Rel one tag",
      "Rel same creator 3",
      "Rel same creator 2",
      "Rel same creator 1",
      "Rel same creator 0",
      "Rel same category 5",
      "Rel same category 4",
    ]);
  });

  it("mixes in looking alike: a near-identical picture ranks above an image by the same creator, a distant one does not", async () => {
    const hash = 0x0f0f_3c3c_f0f0_a5a5n;
    const made = await addImages(db, [
      { title: "Look target", creator: "Look Creator", category: "Look", createdAt: minute(60), visualHash: hash },
      { title: "Look same creator", creator: "Look Creator", category: "Other", createdAt: minute(61) },
      { title: "Look alike", creator: "Someone", category: "Look", createdAt: minute(62), visualHash: hash ^ 0b101n },
      { title: "Look unlike", creator: "Someone", category: "Look", createdAt: minute(63), visualHash: ~hash },
    ]);
    const related = (await catalog.get(made[0]!)).related.map((r) => r.title);
    // Alike: category 1 + looks 10/6 beats the creator's 2; unlike: the category's 1 alone.
    expect(related).toEqual(["Look alike", "Look same creator", "Look unlike"]);
  });
});

describe("tags", () => {
  it("offers 8 distinct random tags that lead to images", async () => {
    const tags = await catalog.randomTags();
    expect(tags).toHaveLength(EXPLORE_TAGS);
    expect(new Set(tags).size).toBe(EXPLORE_TAGS);
    expect(tags).not.toContain("secret");
    expect(tags).not.toContain("ghostly");
  });

  it("suggests at most 6 tags containing the text, from 2 characters, those starting with it first", async () => {
    await addImages(
      db,
      ["mist", "misty hills", "dismissed", "Mistral", "amiss", "mismatch", "mis en place", "chemistry"].map((tag, i) => ({
        title: `Suggest ${i}`,
        tags: [tag],
        createdAt: minute(60 + i),
      })),
    );
    const suggested = await catalog.suggest("  MIS ");
    expect(suggested).toHaveLength(SUGGESTIONS_MAX);
    expect(suggested).toEqual(["mist", "Mistral", "mismatch", "misty hills", "mis en place", "amiss"]);
    expect(await catalog.suggest("m")).toEqual([]);
    expect(await catalog.suggest("éc")).toEqual(["Éclair"]);
  });
});

describe("creators", () => {
  it("gives uploads, downloads and likes over published images, and pages their images", async () => {
    const ida = await catalog.creator("Ida Berg", { limit: 1 });
    expect(ida).toMatchObject({ name: "Ida Berg", avatarUrl: null });
    expect(ida.uploads).toBeGreaterThanOrEqual(2);
    expect(ida.images.items).toHaveLength(1);
    const next = await catalog.creator("Ida Berg", { limit: 100, cursor: listCursor.parse(ida.images.nextCursor) });
    expect([...ida.images.items, ...next.images.items].map((i) => i.creator.name)).toEqual(Array(ida.uploads).fill("Ida Berg"));
    await expect(catalog.creator("Nobody At All", { limit: 10 })).rejects.toEqual(notFound);
  });
});

describe("sitemap", () => {
  it("lists every published image's path once", async () => {
    const entries = [];
    for await (const entry of catalog.sitemap()) entries.push(entry);
    const published = await db.select({ id: images.id }).from(images).where(eq(images.status, "published"));
    expect(entries.map((e) => Number(/\/images\/(\d+)-/.exec(e.path)![1])).sort((a, b) => a - b)).toEqual(
      published.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(entries[0]!.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe("search totals", () => {
  /** `n` published copies of an image, their source ids `${prefix}1`..`${prefix}n`. */
  const addCopies = (id: number, n: number, prefix: string) =>
    db.execute(sql`
      insert into images (slug, title, description, category, creator_id, width, height, bytes, source, source_id, content_hash,
        dominant_color, placeholder, original_key, original_format, variants, search_text)
      select slug, title, description, category, creator_id, width, height, bytes, 'copy', ${prefix}::text || g, content_hash,
        dominant_color, placeholder, original_key, original_format, variants, search_text
      from images, generate_series(1, ${n}) g where id = ${id}`);

  // Last in this file: it adds more images than any list above expects.
  // Several words are counted from the newest images or from the search index, as they are common or rare (decision 050).
  it("counts up to SEARCH_TOTAL_MAX matches, and says 'more' past it, for one word and for several", async () => {
    const totals = async () => Promise.all(["zeppelin", "bay zeppelin"].map(async (q) => (await catalog.list({ limit: 1, q })).total));
    const [template] = await addImages(db, [{ title: "Zeppelin over the bay", createdAt: minute(100) }]);
    expect(await totals()).toEqual([1, 1]);
    await addCopies(template!, SEARCH_TOTAL_MAX - 1, "");
    expect(await totals()).toEqual([SEARCH_TOTAL_MAX, SEARCH_TOTAL_MAX]);
    await addCopies(template!, 1, "more");
    expect(await totals()).toEqual([SEARCH_TOTAL_MAX + 1, SEARCH_TOTAL_MAX + 1]);
  });

  // A phrase's candidates come from the index of pairs of adjacent words (decision 052): the count stays exact as images change.
  it("counts a quoted phrase's images exactly, its words next to each other, as images are added, edited, hidden and deleted", async () => {
    const total = async (q: string) => (await catalog.list({ limit: 1, q })).total;
    const [onStove, apart, inDescription] = (await addImages(db, [
      { title: "Copper kettle on the stove", createdAt: minute(200) },
      { title: "Copper and a kettle", createdAt: minute(201) },
      { title: "Morning tea", description: "Steam from a copper kettle.", createdAt: minute(202) },
      { title: "A kettle of copper for tea", createdAt: minute(203) },
    ])) as [number, number, number];
    expect(await total('"copper kettle"')).toBe(2);
    expect(await total("copper kettle")).toBe(4);
    // A stop word between the phrase's words: no pair to read, the search index as before.
    expect(await total('"kettle of copper"')).toBe(1);
    await db.update(images).set({ description: "A copper kettle, polished." }).where(eq(images.id, apart));
    expect(await total('"copper kettle"')).toBe(3);
    await db.update(images).set({ description: "Steam from a pot." }).where(eq(images.id, inDescription));
    expect(await total('"copper kettle"')).toBe(2);
    await hide(db, [onStove]);
    expect(await total('"copper kettle"')).toBe(1);
    await db.delete(images).where(eq(images.id, apart));
    expect(await total('"copper kettle"')).toBe(0);
    await db.update(images).set({ status: "published" }).where(eq(images.id, onStove));
    expect(await total('"copper kettle"')).toBe(1);
    // Up to SEARCH_TOTAL_MAX, then "more": the copies are the newest images, counted by the walk of the newest first.
    await addCopies(onStove, SEARCH_TOTAL_MAX - 1, "kettle-");
    expect(await total('"copper kettle"')).toBe(SEARCH_TOTAL_MAX);
    await addCopies(onStove, 1, "kettle-more-");
    expect(await total('"copper kettle"')).toBe(SEARCH_TOTAL_MAX + 1);
    expect(await total('"kettle of copper"')).toBe(1);
  });
});
