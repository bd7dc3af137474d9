import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { testImportService } from "../../test/people-and-images.ts";
import { creators, images } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { bytesOf, legacyDownloadKeys } from "./download.ts";
import { createImageFiles } from "./image-files.ts";
import { mediaKey } from "./keys.ts";
import { DIGITAL_SOURCE_TYPE } from "./labels.ts";
import { localDiskStorage } from "./local-disk-storage.ts";
import { createMediaRepository } from "./media-repository.ts";
import { createRelabelService } from "./relabel-service.ts";
import { photoWithGps, readLabel, TEST_LICENSE_URL, TEST_IMAGING } from "./test-images.ts";

const database = await testDatabase();
const { db } = database;
const media = localDiskStorage(scratchDir("relabel"));
const log = createLogger("silent");
const imports = testImportService(db, media, { log });
const repository = createMediaRepository(db);
const relabeller = (licenseUrl: string) => createRelabelService({ repository, files: createImageFiles({ media, repository, licenseUrl, imaging: TEST_IMAGING }), log });

/**
 * An image as Stockroom kept it before labels existed: the uploaded file as it came (GPS,
 * camera) as its original, a download rendered from it, no label recorded.
 */
async function legacyImage(sourceId: string, photo: Buffer) {
  await imports.importItem({ source: "test", sourceId, title: `Photo ${sourceId}`, creator: "Ada", file: async () => photo });
  const originalKey = mediaKey("o", photo, "jpg");
  await media.put(originalKey, photo, "image/jpeg");
  const [row] = await db.update(images).set({ originalKey, mediaLabel: null }).where(eq(images.sourceId, sourceId)).returning({ id: images.id, width: images.width });
  const [legacyDownload] = legacyDownloadKeys({ originalKey, width: row!.width }, [null]);
  await media.put(legacyDownload!, photo, "image/jpeg");
  return { id: row!.id, originalKey, legacyDownload: legacyDownload! };
}

async function filesOf(id: number) {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row!;
}

async function read(key: string): Promise<Buffer> {
  const file = await media.read(key);
  expect(file, key).not.toBeNull();
  return bytesOf(file!.stream);
}

describe("npm run media:relabel", () => {
  it("strips and labels images kept before labels existed, removes their old files, and passes over them the next time", async () => {
    const photo = await photoWithGps(500, 400);
    const legacy = await legacyImage("old", photo);
    const before = await filesOf(legacy.id);

    const first = await relabeller(TEST_LICENSE_URL).run();
    expect(first).toMatchObject({ relabelled: 1, failed: [] });

    const after = await filesOf(legacy.id);
    expect(after.originalKey).not.toBe(before.originalKey);
    expect(after.mediaLabel).not.toBeNull();
    expect(await readLabel(await read(after.originalKey))).toMatchObject({ exif: false, makerText: false });
    for (const variant of after.variants) {
      expect(await readLabel(await read(variant.key))).toMatchObject({ title: "Photo old", creator: "Ada", licenseUrl: TEST_LICENSE_URL, exif: false });
    }
    // The upload's bytes, and the download rendered from them, are gone from the store.
    expect(await media.has(legacy.originalKey)).toBe(false);
    expect(await media.has(legacy.legacyDownload)).toBe(false);

    const second = await relabeller(TEST_LICENSE_URL).run();
    expect(second).toMatchObject({ relabelled: 0, current: first.relabelled + first.current, failed: [] });
  });

  it("carries on where an interrupted run stopped", async () => {
    for (const [i, id] of ["a", "b", "c"].entries()) await legacyImage(id, await photoWithGps(300, 200, i + 1));
    const stop = new AbortController();
    const interrupted = await relabeller(TEST_LICENSE_URL).run({ signal: stop.signal, onProgress: () => stop.abort() });
    expect(interrupted.relabelled).toBeLessThan(3);

    const resumed = await relabeller(TEST_LICENSE_URL).run();
    expect(resumed.relabelled).toBe(3 - interrupted.relabelled);
    const rows = await db.select({ label: images.mediaLabel }).from(images);
    expect(rows.filter((r) => r.label === null)).toEqual([]);
  });

  it("labels everything anew with the new license URL after BASE_URL changed, creators' avatars too", async () => {
    await imports.ensureCreatorAvatar("Ada", () => photoWithGps(300, 300));
    const [ada] = await db.select({ avatarKey: creators.avatarKey }).from(creators).where(eq(creators.name, "Ada"));
    expect(await readLabel(await read(ada!.avatarKey!))).toMatchObject({ creator: "Ada", licenseUrl: TEST_LICENSE_URL, exif: false, makerText: false });
    expect((await relabeller(TEST_LICENSE_URL).run()).avatars).toBe(0);

    const [{ id }] = (await db.select({ id: images.id }).from(images).limit(1)) as [{ id: number }];
    const moved = "https://images.example.org/license";
    const summary = await relabeller(moved).run();
    expect(summary.relabelled).toBe((await db.select({ id: images.id }).from(images)).length);
    expect(summary.avatars).toBe(1);
    const { variants } = await filesOf(id);
    expect(await readLabel(await read(variants[0]!.key))).toMatchObject({ licenseUrl: moved });
    const [movedAda] = await db.select({ avatarKey: creators.avatarKey }).from(creators).where(eq(creators.name, "Ada"));
    expect(await readLabel(await read(movedAda!.avatarKey!))).toMatchObject({ digitalSourceType: DIGITAL_SOURCE_TYPE, creator: "Ada", licenseUrl: moved });
    expect(await media.has(ada!.avatarKey!)).toBe(false);
  });
});
