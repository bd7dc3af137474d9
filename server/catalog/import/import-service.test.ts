import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/database.ts";
import { scratchDir } from "../../../test/scratch-dir.ts";
import { images } from "../../db/schema.ts";
import { localDiskStorage } from "../../media/local-disk-storage.ts";
import { solidImage, splitImage } from "../../media/test-images.ts";
import { folderSource } from "./folder-source.ts";
import { formatSummary } from "./import-service.ts";
import { testImportService } from "../../../test/people-and-images.ts";

/** What an import records beyond the file itself: colour labels (new images, and older ones by `npm run colors`); copies it refuses. */

const { db } = await testDatabase();
const work = scratchDir("import-service");
const folder = path.join(work, "photos");
const mediaDir = path.join(work, "media");
const imports = testImportService(db, localDiskStorage(mediaDir));

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

describe("duplicates", () => {
  it("reports a copy of a picture already in the catalog (the same file, resized, re-encoded) instead of adding it again", async () => {
    const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
      <rect width="1200" height="800" fill="url(#sky)"/><circle cx="820" cy="300" r="110" fill="#fde68a"/>
      <path d="M0 560 L260 380 L470 520 L700 330 L1200 600 L1200 800 L0 800 Z" fill="#14532d"/>
      <rect x="120" y="600" width="180" height="120" fill="#7c2d12"/></svg>`;
    const original = await sharp(Buffer.from(scene)).jpeg({ quality: 92 }).toBuffer();
    const other = await sharp(Buffer.from(scene.replace('cx="820"', 'cx="220"').replace("M0 560 L260 380", "M0 300 L260 650"))).jpeg({ quality: 92 }).toBuffer();
    const first = path.join(work, "first");
    const copies = path.join(work, "copies");
    mkdirSync(first);
    mkdirSync(copies);
    writeFileSync(path.join(first, "valley.jpg"), original);
    expect(formatSummary(await imports.run(await folderSource(first, {})))).toBe("imported 1, updated 0, skipped 0");

    writeFileSync(path.join(copies, "same-bytes.jpg"), original);
    writeFileSync(path.join(copies, "smaller.jpg"), await sharp(original).resize(600).jpeg({ quality: 70 }).toBuffer());
    writeFileSync(path.join(copies, "as-webp.webp"), await sharp(original).resize(900).webp({ quality: 60 }).toBuffer());
    writeFileSync(path.join(copies, "another-view.jpg"), other);
    const summary = await imports.run(await folderSource(copies, {}));
    expect(formatSummary(summary)).toBe("imported 1, updated 0, skipped 3 (duplicate: 3)");
    expect(summary.skips.map((s) => path.basename(s.sourceId)).sort()).toEqual(["as-webp.webp", "same-bytes.jpg", "smaller.jpg"]);
    expect(summary.skips[0]!.detail).toMatch(/^The same picture as image \d+ is already in the catalog$/);
    // Importing the original's own record again is an update, not a duplicate of itself.
    expect(formatSummary(await imports.run(await folderSource(first, {})))).toBe("imported 0, updated 1, skipped 0");
  });
});
