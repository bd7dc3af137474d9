import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../test/scratch-dir.ts";
import { jpegDownload } from "./download.ts";
import { localDiskStorage } from "./local-disk-storage.ts";
import { labelXmp } from "./labels.ts";
import { splitImage, TEST_LICENSE_URL } from "./test-images.ts";
import { processImage, storeObjects } from "./variants.ts";

const storage = localDiskStorage(scratchDir("download"));
const xmp = labelXmp({ title: "Split", creator: "Tester", licenseUrl: TEST_LICENSE_URL });

async function bytesOf(file: { stream: NodeJS.ReadableStream }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A PNG original, stored with its variants as an import stores it. */
async function storedPng(width: number, height: number) {
  const png = await sharp(await splitImage(width, height, "#1d4ed8", "#f97316")).png().toBuffer();
  const image = await processImage(png, xmp);
  await storeObjects(storage, image.objects);
  return image;
}

describe("jpegDownload", () => {
  it("renders a PNG original wider than any variant as a JPEG at its full size once, then serves the kept file", async () => {
    const image = await storedPng(3000, 200);
    expect(Math.max(...image.variants.map((v) => v.width))).toBeLessThan(3000);
    const first = await jpegDownload(storage, image, xmp);
    const rendered = await bytesOf(first);
    expect(await sharp(rendered).metadata()).toMatchObject({ format: "jpeg", width: 3000, height: 200 });
    expect(first.size).toBe(rendered.length);

    // The original is gone: the second download can only come from the kept rendering.
    await storage.delete(image.originalKey);
    const second = await jpegDownload(storage, image, xmp);
    expect((await bytesOf(second)).equals(rendered)).toBe(true);
  });

  it("streams a stored JPEG variant of the asked width as it is, never wider than the original", async () => {
    const image = await storedPng(1000, 600);
    const medium = await bytesOf(await jpegDownload(storage, image, xmp, 640));
    const variant = image.objects.find((o) => o.key === image.variants.find((v) => v.format === "jpeg" && v.width === 640)!.key)!;
    expect(medium.equals(variant.data)).toBe(true);
    const huge = await jpegDownload(storage, image, xmp, 1920);
    expect(huge.width).toBe(1000);
    expect(await sharp(await bytesOf(huge)).metadata()).toMatchObject({ format: "jpeg", width: 1000 });
  });

  it("renders the file again when the label changed, under another key, instead of handing out the old label", async () => {
    const image = await storedPng(1000, 600);
    const renamed = labelXmp({ title: "Split, renamed", creator: "Tester", licenseUrl: TEST_LICENSE_URL });
    const medium = await bytesOf(await jpegDownload(storage, image, renamed, 640));
    expect((await sharp(medium).metadata()).xmp?.toString()).toContain("Split, renamed");
    const before = await bytesOf(await jpegDownload(storage, image, xmp, 640));
    expect((await sharp(before).metadata()).xmp?.toString()).not.toContain("renamed");
  });
});
