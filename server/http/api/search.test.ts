import { describe, expect, it } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { testDatabase } from "../../../test/database.ts";
import { addImages, minute } from "../../catalog/test-fixtures.ts";
import { startTestApp } from "../test-app.ts";

/** Search over HTTP (issue 19): several words, word forms, accents, phrases, mistakes, ranking and cursors across ranks. */

const database = await testDatabase();
const { db } = database;
const { call } = await startTestApp(database);

async function search(q: string, extra = ""): Promise<ImagePage> {
  const res = await call("GET", `/api/images?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, q).toBe(200);
  return (await res.json()) as ImagePage;
}
const titles = (page: ImagePage) => page.items.map((item) => item.title);

await addImages(db, [
  { title: "Endless Mountains at Dusk", creator: "Aiko Tanaka", tags: ["landscape", "mountain"], createdAt: minute(1) },
  { title: "Harbour lights", creator: "Marco Silva", tags: ["sea", "night"], createdAt: minute(2) },
  { title: "Blue abstract waves", creator: "Lena Brandt", tags: ["abstract", "blue"], createdAt: minute(3) },
  { title: "Corner Café", creator: "Ines Duarte", tags: ["coffee"], createdAt: minute(4) },
  { title: "Quiet valley", creator: "Oskar Lind", tags: ["green"], description: "A valley below the mountains at dusk.", createdAt: minute(5) },
  {
    title: "Study in amber",
    creator: "Priya Nair",
    tags: ["gradient"],
    howMade: { prompt: "golden hour over a still lagoon, volumetric light" },
    createdAt: minute(6),
  },
  { title: "Golden fields", creator: "Sam Okafor", tags: ["hour", "summer"], createdAt: minute(7) },
  { title: "Fountain square", creator: "Yara Haddad", tags: ["city"], createdAt: minute(8) },
  { title: "Dusk over the mountains", creator: "Elliot Reyes", tags: ["sunsets"], createdAt: minute(9) },
  { title: "Mountains", creator: "Nadia Rahman", tags: ["dusk"], createdAt: minute(10) },
  { title: "Misty ridge", creator: "Dusk Mountain Studio", tags: ["fog"], createdAt: minute(11) },
]);

describe("words", () => {
  it("finds every word in any order, across the title and the tags, stop words aside", async () => {
    for (const q of ["mountains dusk", "dusk mountains", "mountains at dusk", "the dusk of the mountains", "blue abstract"]) {
      expect((await search(q)).total, q).toBeGreaterThan(0);
    }
    expect(titles(await search("blue abstract"))).toEqual(["Blue abstract waves"]);
    expect(titles(await search("abstract harbour"))).toEqual([]);
  });

  it("reads word forms, case and accents alike", async () => {
    expect(titles(await search("landscapes"))).toEqual(["Endless Mountains at Dusk"]);
    expect(titles(await search("sunset"))).toEqual(["Dusk over the mountains"]);
    expect(titles(await search("cafe"))).toEqual(["Corner Café"]);
    expect(titles(await search("CORNER CAFÉ"))).toEqual(["Corner Café"]);
  });

  it("keeps the part-of-a-word match of the spec: ount finds mountain and fountain", async () => {
    expect(titles(await search("ount"))).toEqual(
      expect.arrayContaining(["Endless Mountains at Dusk", "Fountain square", "Dusk over the mountains", "Mountains"]),
    );
  });

  it("searches the description and the prompt of How it was made", async () => {
    expect(titles(await search("lagoon"))).toEqual(["Study in amber"]);
    expect(titles(await search("valley below"))).toEqual(["Quiet valley"]);
  });

  it("matches a quoted phrase as a phrase", async () => {
    expect(titles(await search('"golden hour"'))).toEqual(["Study in amber"]);
    // Unquoted, both words anywhere: the fields and the prompt.
    expect(titles(await search("golden hour"))).toEqual(["Golden fields", "Study in amber"]);
  });
});

describe("ranking", () => {
  it("ranks the title holding every word, then title and tags, then the description, then the creator; newest first within a rank", async () => {
    expect(titles(await search("mountains dusk"))).toEqual([
      // The title holds both words.
      "Dusk over the mountains",
      "Endless Mountains at Dusk",
      // The title one, a tag the other.
      "Mountains",
      // The description.
      "Quiet valley",
      // The creator's name.
      "Misty ridge",
    ]);
  });

  it("keeps the spec's order for one word: a word starting with it, then containing it, then the creator", async () => {
    expect(titles(await search("mountain"))).toEqual([
      "Mountains",
      "Dusk over the mountains",
      "Endless Mountains at Dusk",
      "Quiet valley",
      "Misty ridge",
    ]);
    // A word containing it: the title or tags, then the description, then the creator's name.
    expect(titles(await search("ountain"))).toEqual([
      "Mountains",
      "Dusk over the mountains",
      "Fountain square",
      "Endless Mountains at Dusk",
      "Quiet valley",
      "Misty ridge",
    ]);
  });

  it("pages with cursors across ranks: no image twice, none skipped, in the order of one long page", async () => {
    for (const q of ["mountains dusk", "ountain"]) {
      const whole = titles(await search(q));
      const paged: string[] = [];
      let page = await search(q, "&limit=1");
      paged.push(...titles(page));
      while (page.nextCursor) {
        page = await search(q, `&limit=1&cursor=${page.nextCursor}`);
        paged.push(...titles(page));
      }
      expect(paged, q).toEqual(whole);
    }
  });
});

describe("typing mistakes", () => {
  it("reads a word that matches nothing as the closest word of the catalog, and says so", async () => {
    const page = await search("muntains");
    expect(page.correctedQuery).toBe("mountains");
    expect(page.total).toBe(5);
    const twoWords = await search("montains dusk");
    expect(twoWords.correctedQuery).toBe("mountains dusk");
    expect(titles(twoWords)[0]).toBe("Dusk over the mountains");
  });

  it("searches the text as typed when asked, and corrects nothing shorter than five letters or close to nothing", async () => {
    const asTyped = await search("muntains", "&asTyped=1");
    expect(asTyped.total).toBe(0);
    expect(asTyped.correctedQuery).toBeUndefined();
    expect(asTyped.didYouMean).toEqual(["mountain"]);
    expect((await search("dosk")).total).toBe(0);
    const nothing = await search("xylophone");
    expect(nothing.correctedQuery).toBeUndefined();
    expect(nothing.total).toBe(0);
  });
});

describe("bad input", () => {
  it("answers an ordinary page or the empty state for stop words, punctuation, emoji, RTL text, query syntax and long texts", async () => {
    const texts = [
      "the of at",
      "?!.,;:",
      "🏔️🌅",
      "הרים בערב",
      "جبال",
      "a & !b",
      "a:*",
      "'",
      "\\",
      "mountain' | !dusk",
      '"unbalanced quote',
      '"" "',
      "x".repeat(200),
      Array.from({ length: 30 }, (_, i) => `word${i}`).join(" "),
      "'; drop table images; --",
      "<->",
    ];
    for (const q of texts) {
      const page = await search(q);
      expect(page.total, q).toBeGreaterThanOrEqual(0);
    }
    expect(titles(await search('"mountains dusk')).length).toBe(5);
  });

  it("finds nothing for stop words only, or with a word the catalog does not have, and still suggests tags for them", async () => {
    for (const q of ["the of at", "over the", "mountains qwxzy", "'; drop table images; --"]) {
      const page = await search(q);
      expect(page.items, q).toEqual([]);
      expect(page.total, q).toBe(0);
    }
    // "our" is a stop word: the search box still suggests the tag holding it.
    expect(await (await call("GET", "/api/tags/suggestions?q=our")).json()).toEqual({ tags: ["hour"] });
  });

  it("finds a word longer than any the words table keeps, as typed in a title", async () => {
    const long = "pneumonoultramicroscopicsilicovolcanoconiosisvistas";
    await addImages(db, [{ title: `Study of ${long}`, creator: "Wren Long", tags: ["dust"], createdAt: minute(12) }]);
    expect(titles(await search(long))).toEqual([`Study of ${long}`]);
    expect(titles(await search(`${long} dust`))).toEqual([`Study of ${long}`]);
  });
});
