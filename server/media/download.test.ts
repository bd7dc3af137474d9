import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { testImportService } from "../../test/people-and-images.ts";
import { images } from "../db/schema.ts";
import { bytesOf } from "./download.ts";
import { createImageFiles } from "./image-files.ts";
import { localDiskStorage } from "./local-disk-storage.ts";
import { createMediaRepository } from "./media-repository.ts";
import { distinctImage, readLabel, TEST_IMAGING, TEST_LICENSE_URL } from "./test-images.ts";

const { db } = await testDatabase();
const media = localDiskStorage(scratchDir("download"));
const repository = createMediaRepository(db);
const imports = testImportService(db, media);
const files = createImageFiles({ media, repository, licenseUrl: TEST_LICENSE_URL, imaging: TEST_IMAGING });

let imported = 0;
/** Imports a PNG `width` × `height` titled `title` (as `sourceId`, again when given); returns its row as the downloads read it. */
async function importPng(width: number, height: number, title = "Split", sourceId = `png-${++imported}`) {
  const png = await sharp(await distinctImage(width, height, Number(sourceId.slice(4)))).png().toBuffer();
  await imports.importItem({ source: "test", sourceId, title, creator: "Tester", file: async () => png });
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.sourceId, sourceId));
  return (await repository.labelled(row!.id))!;
}

async function downloadBytes(image: Parameters<typeof files.downloads.open>[0], width?: number) {
  const file = await files.downloads.open(image, width);
  const data = await bytesOf(file.stream);
  expect(file.size).toBe(data.length);
  return { ...file, data };
}

describe("stored downloads", () => {
  it("renders every size, the original's full size included, when the image is imported, and streams those files afterwards", async () => {
    const image = await importPng(3000, 200);
    expect(image.downloadFiles?.files.map((f) => [f.width, f.height])).toEqual([
      [640, 43],
      [1280, 85],
      [1920, 128],
      [3000, 200],
    ]);
    // The original is gone: a download can only come from the stored files.
    await media.delete(image.originalKey);
    const full = await downloadBytes(image);
    expect(await sharp(full.data).metadata()).toMatchObject({ format: "jpeg", width: 3000, height: 200 });
    expect(await readLabel(full.data)).toMatchObject({ title: "Split", creator: "Tester", licenseUrl: TEST_LICENSE_URL });
    const again = await downloadBytes(image);
    expect(again.data.equals(full.data)).toBe(true);
    const small = await downloadBytes(image, 640);
    expect({ width: small.width, height: small.height }).toEqual({ width: 640, height: 43 });
  });

  it("serves a size wider than the image as the image's own size", async () => {
    const image = await importPng(1000, 600);
    expect(image.downloadFiles?.files.map((f) => f.width)).toEqual([640, 1000]);
    const large = await downloadBytes(image, 1920);
    expect(large.width).toBe(1000);
    expect(large.data.equals((await downloadBytes(image)).data)).toBe(true);
  });

  it("makes the files of an image imported before they were stored once, however many download it at once", async () => {
    const image = await importPng(900, 500);
    const stored = image.downloadFiles!.files.map((f) => f.key);
    for (const key of stored) await media.delete(key);
    await db.update(images).set({ downloadFiles: null }).where(eq(images.id, image.id));
    const legacy = (await repository.labelled(image.id))!;

    const downloads = await Promise.all(Array.from({ length: 8 }, () => downloadBytes(legacy)));
    expect(new Set(downloads.map((d) => d.data.toString("base64"))).size).toBe(1);
    const made = (await repository.labelled(image.id))!.downloadFiles;
    expect(made?.files.map((f) => f.width)).toEqual([640, 900]);
    // One render was stored, and it is what every one of them received.
    const full = made!.files.find((f) => f.width === 900)!;
    expect((await bytesOf((await media.read(full.key))!.stream)).equals(downloads[0]!.data)).toBe(true);
  });

  it("renders the files again under new keys when the title changes, and removes the old ones", async () => {
    const image = await importPng(800, 400, "Before");
    const before = image.downloadFiles!.files.map((f) => f.key);
    const renamed = await importPng(800, 400, "After", `png-${imported}`);
    expect(renamed.downloadFiles!.files.map((f) => f.key)).not.toEqual(before);
    expect(await readLabel((await downloadBytes(renamed)).data)).toMatchObject({ title: "After" });
    for (const key of before) expect(await media.has(key)).toBe(false);
  });
});
