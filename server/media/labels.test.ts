import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderDownloads } from "./download.ts";
import { DIGITAL_SOURCE_TYPE, labelXmp } from "./labels.ts";
import { objectsInMemory, processedInMemory, photoWithGps, readLabel, solidImage, TEST_IMAGING, TEST_LICENSE_URL } from "./test-images.ts";
import { relabelImage } from "./variants.ts";

const title = `Fox & "Hound" <at dawn>`;
const xmp = labelXmp({ title, creator: "Ada Lovelace", licenseUrl: TEST_LICENSE_URL });
const expected = { digitalSourceType: DIGITAL_SOURCE_TYPE, title, creator: "Ada Lovelace", licenseUrl: TEST_LICENSE_URL, exif: false, iptc: false, makerText: false };

describe("files carry the label and nothing of the uploaded file's metadata", () => {
  it("labels every variant and drops the photo's GPS, camera and serial; the kept original loses them too but keeps its colour profile", async () => {
    const photo = await photoWithGps(900, 600);
    const uploaded = await readLabel(photo);
    expect(uploaded).toMatchObject({ exif: true, makerText: true });

    const image = await processedInMemory(photo, xmp);
    expect(image.variants).toHaveLength(9);
    for (const variant of image.variants) {
      const file = image.objects.get(variant.key)!;
      expect({ key: variant.key, ...(await readLabel(file)) }).toMatchObject({ key: variant.key, ...expected });
    }
    const original = await readLabel(image.objects.get(image.originalKey)!);
    expect(original).toMatchObject({ exif: false, iptc: false, makerText: false, iccBytes: uploaded.iccBytes, title: undefined });
  });

  it("hands out downloads at every size with the label and the colour profile, and no EXIF", async () => {
    const image = await processedInMemory(await photoWithGps(900, 600), xmp);
    const original = image.objects.get(image.originalKey)!;
    const { objects, store } = objectsInMemory();
    const unsigned = { bytes: async (jpeg: Buffer) => jpeg, file: async (path: string) => path };
    const downloads = await renderDownloads(original, { originalFormat: "jpeg", width: 900, height: 600 }, xmp, TEST_IMAGING.scratchDir, unsigned, store);
    expect(downloads.map((entry) => entry.width)).toEqual([640, 900]);
    for (const entry of downloads) {
      const label = await readLabel(objects.get(entry.key)!);
      expect({ width: entry.width, ...label }).toMatchObject({ width: entry.width, ...expected, format: "jpeg" });
      expect(label.iccBytes).toBeGreaterThan(0);
    }
  });

  it("turns a sideways photo upright before dropping its orientation", async () => {
    const sideways = await sharp(await photoWithGps(300, 200)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const image = await processedInMemory(sideways, xmp);
    const original = await sharp(image.objects.get(image.originalKey)!).metadata();
    expect({ width: original.width, height: original.height, orientation: original.orientation, exif: original.exif }).toEqual({ width: 200, height: 300, orientation: undefined, exif: undefined });
  });

  it("strips an original kept before labels existed when it is labelled anew, and writes the new title", async () => {
    const photo = await photoWithGps(400, 300);
    const renamed = labelXmp({ title: "Renamed", creator: "Ada Lovelace", licenseUrl: TEST_LICENSE_URL });
    const { objects, store } = objectsInMemory();
    const files = await relabelImage(photo, { originalFormat: "jpeg", width: 400 }, renamed, TEST_IMAGING.scratchDir, false, store);
    expect(await readLabel(objects.get(files.originalKey)!)).toMatchObject({ exif: false, makerText: false });
    for (const variant of files.variants) {
      expect(await readLabel(objects.get(variant.key)!)).toMatchObject({ ...expected, title: "Renamed" });
    }
  });

  it("keeps a PNG lossless and labels its variants alike", async () => {
    const png = await sharp(await solidImage(200, 100, "#884422")).withExif({ IFD0: { Make: "Canon" } }).png().toBuffer();
    const image = await processedInMemory(png, xmp);
    const original = image.objects.get(image.originalKey)!;
    expect(await readLabel(original)).toMatchObject({ exif: false, makerText: false, format: "png" });
    expect((await sharp(original).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);
  });
});
