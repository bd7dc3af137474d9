import { eq, sql } from "drizzle-orm";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/database.ts";
import { scratchDir } from "../../../test/scratch-dir.ts";
import { images } from "../../db/schema.ts";
import { createLogger } from "../../logger.ts";
import { localDiskStorage } from "../../media/local-disk-storage.ts";
import { solidImage, splitImage } from "../../media/test-images.ts";
import { folderSource } from "./folder-source.ts";
import { createImportService } from "./import-service.ts";

/** What an import records beyond the file itself: colour labels, for new images and, by `npm run colors`, for older ones. */

const { db } = await testDatabase();
const work = scratchDir("import-service");
const folder = path.join(work, "photos");
const mediaDir = path.join(work, "media");
const imports = createImportService({ db, media: localDiskStorage(mediaDir), log: createLogger("silent") });

mkdirSync(folder);
writeFileSync(path.join(folder, "red.png"), await solidImage(400, 300, "#d62828"));
writeFileSync(path.join(folder, "night-and-day.jpg"), await splitImage(600, 400, "#050505", "#fbfbfb"));
writeFileSync(path.join(folder, "sea.png"), await solidImage(300, 500, "#1d4ed8"));
await imports.run(await folderSource(folder, {}));

const labels = async () =>
  Object.fromEntries((await db.select({ id: images.sourceId, colors: images.colors }).from(images)).map((r) => [path.basename(r.id), r.colors && [...r.colors].sort()]));

describe("colour labels", () => {
  it("labels an imported image with the colours of its palette", async () => {
    expect(await labels()).toEqual({ "red.png": ["red"], "night-and-day.jpg": ["black", "white"], "sea.png": ["blue"] });
  });

  it("labels the images that have none from their stored files, and leaves one whose file is missing for the next run", async () => {
    const before = await labels();
    await db.update(images).set({ colors: null });
    const [sea] = await db.select({ variants: images.variants }).from(images).where(eq(images.sourceId, path.join(folder, "sea.png")));
    for (const variant of sea!.variants) rmSync(path.join(mediaDir, variant.key), { force: true });
    const progress: Array<[number, number]> = [];
    expect(await imports.labelColors({ onProgress: (done, total) => progress.push([done, total]) })).toEqual({ labelled: 2, failed: 1 });
    expect(progress.at(-1)).toEqual([3, 3]);
    expect(await labels()).toEqual({ ...before, "sea.png": null });

    expect(await imports.labelColors()).toEqual({ labelled: 0, failed: 1 });
    await db.update(images).set({ colors: null }).where(eq(images.sourceId, path.join(folder, "red.png")));
    expect(await imports.labelColors()).toEqual({ labelled: 1, failed: 1 });
    expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from images where colors is null`)).rows[0]!.n).toBe(1);
  });
});
