import { eq, sql } from "drizzle-orm";
import { mkdirSync, readdirSync, rmSync, writeFileSync, type Dirent } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/database.ts";
import { scratchDir } from "../../../test/scratch-dir.ts";
import { creators, images } from "../../db/schema.ts";
import { localDiskStorage } from "../../media/local-disk-storage.ts";
import { pngClaiming, solidImage, splitImage, truncatedJpeg } from "../../media/test-images.ts";
import { folderSource } from "./folder-source.ts";
import { formatSummary } from "./import-service.ts";
import { testImportService } from "../../../test/people-and-images.ts";

const database = await testDatabase();
const work = scratchDir("import");
const folder = path.join(work, "photos");
const mediaDir = path.join(work, "media");
const imports = testImportService(database.db, localDiskStorage(mediaDir));

/** Every object file under the media folder, as keys. */
function storedKeys(): string[] {
  return (readdirSync(mediaDir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((f) => f.isFile())
    .map((f) => path.relative(mediaDir, path.join(f.parentPath, f.name)))
    .sort();
}

async function referencedKeys(): Promise<string[]> {
  const rows = await database.db.select({ originalKey: images.originalKey, variants: images.variants, downloadFiles: images.downloadFiles }).from(images);
  const avatars = await database.db.select({ key: creators.avatarKey }).from(creators);
  const imageKeys = rows.flatMap((r) => [r.originalKey, ...r.variants.map((v) => v.key), ...(r.downloadFiles?.files.map((f) => f.key) ?? [])]);
  return [...new Set([...imageKeys, ...avatars.flatMap((a) => (a.key ? [a.key] : []))])].sort();
}

beforeAll(async () => {
  mkdirSync(folder);
  writeFileSync(path.join(folder, "harbour.jpg"), await splitImage(900, 600, "#0c4a6e", "#fbbf24"));
  writeFileSync(path.join(folder, "tall_pine-forest.png"), await solidImage(300, 500, "#14532d"));
  writeFileSync(path.join(folder, "broken.jpg"), await truncatedJpeg());
  writeFileSync(path.join(folder, "notes.txt"), "not a picture");
  writeFileSync(path.join(folder, "huge.png"), pngClaiming(12_000, 9_000));
  writeFileSync(
    path.join(folder, "manifest.csv"),
    'file,title,tags,category,creator,created,model,prompt,Negative Prompt,seed,settings,generated\n' +
      'harbour.jpg,Harbour at Dusk,"Sea, boats, sea, Evening",Travel,Mira Holt,2024-03-05T10:00:00Z,FLUX.1 [dev],"harbour at dusk, boats",,42,"steps 28, guidance 3.5",2024-03-04\n',
  );
});

describe("importing a folder", () => {
  it("imports the good files with their manifest data and skips the others with reasons", async () => {
    const summary = await imports.run(await folderSource(folder, { creator: "Folder Owner" }));
    expect(formatSummary(summary)).toBe("imported 2, updated 0, skipped 3 (damaged file: 1, too large: 1, not an image: 1)");

    const rows = await database.db.query.images.findMany({ orderBy: images.id });
    const harbour = rows.find((r) => r.title === "Harbour at Dusk")!;
    expect(harbour).toMatchObject({
      slug: "harbour-at-dusk",
      category: "Travel",
      width: 900,
      height: 600,
      createdAt: new Date("2024-03-05T10:00:00Z"),
      description: "“Harbour at Dusk”, from the Travel collection, features sea, boats and evening, and is free to use for any purpose.",
      searchText: "harbour at dusk sea boats evening",
      aiModel: "FLUX.1 [dev]",
      aiPrompt: "harbour at dusk, boats",
      aiNegativePrompt: null,
      aiSeed: "42",
      aiSettings: "steps 28, guidance 3.5",
      generatedAt: new Date("2024-03-04T00:00:00Z"),
    });
    const pine = rows.find((r) => r.id !== harbour.id)!;
    expect(pine).toMatchObject({ title: "Tall pine forest", category: "General", slug: "tall-pine-forest", aiModel: null, generatedAt: null });
    const [creator] = await database.db.select().from(creators).where(eq(creators.id, pine.creatorId));
    expect(creator!.name).toBe("Folder Owner");

    const tagRows = await database.db.execute<{ name: string }>(
      sql`select t.name from image_tags it join tags t on t.id = it.tag_id where it.image_id = ${harbour.id} order by it.position`,
    );
    expect(tagRows.rows.map((r) => r.name)).toEqual(["Sea", "boats", "Evening"]);
  });

  it("leaves no file behind for refused images", async () => {
    expect(storedKeys()).toEqual(await referencedKeys());
  });

  it("updates records on a second import instead of duplicating them", async () => {
    writeFileSync(
      path.join(folder, "manifest.json"),
      JSON.stringify([
        { file: "harbour.jpg", title: "Harbour at Night", tags: "sea, NIGHT", category: "Travel", creator: "Mira Holt", model: "FLUX.1 [dev]", seed: 7, settings: { steps: 28 } },
      ]),
    );
    rmSync(path.join(folder, "manifest.csv"));
    writeFileSync(path.join(folder, "tall_pine-forest.png"), await solidImage(320, 480, "#166534"));

    const summary = await imports.run(await folderSource(folder));
    expect(formatSummary(summary)).toMatch(/^imported 0, updated 2, skipped 3 /);
    const rows = await database.db.query.images.findMany();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.title).sort()).toEqual(["Harbour at Night", "Tall pine forest"]);
    expect(rows.find((r) => r.title === "Tall pine forest")).toMatchObject({ width: 320, height: 480 });
    // How it was made follows the source: what the manifest no longer says is gone.
    expect(rows.find((r) => r.title === "Harbour at Night")).toMatchObject({ aiModel: "FLUX.1 [dev]", aiSeed: "7", aiSettings: '{"steps":28}', aiPrompt: null, generatedAt: null });
    // Tags match case-insensitively: 'sea' is the tag first seen as 'Sea'.
    const tags = await database.db.execute<{ name: string }>(sql`select name from tags order by lower(name)`);
    expect(tags.rows.map((r) => r.name)).toEqual(["boats", "Evening", "NIGHT", "Sea"]);
    // The replaced file's old objects are gone; nothing unreferenced is left.
    expect(storedKeys()).toEqual(await referencedKeys());
  });

  it("refuses a manifest with a bad value, naming the entry", async () => {
    writeFileSync(path.join(folder, "manifest.json"), JSON.stringify([{ file: "harbour.jpg", created: "last tuesday" }]));
    await expect(folderSource(folder)).rejects.toThrow("manifest.json, entry 1: created: created must be a date such as 2024-05-01");
  });
});
