import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegStripper } from "./jpeg-segments.ts";
import { labelXmp } from "./labels.ts";
import { photoWithGps, readLabel, TEST_LICENSE_URL, truncatedJpeg } from "./test-images.ts";

/** `file` streamed through the stripper in chunks of `size` bytes (the whole file in one by default). */
function stripped(file: Buffer, size = file.length, xmp?: string): Promise<Buffer> {
  const chunks = Array.from({ length: Math.ceil(file.length / size) }, (_, i) => file.subarray(i * size, (i + 1) * size));
  return buffer(Readable.from(chunks).pipe(jpegStripper(xmp)));
}

describe("a JPEG stripped as it streams", () => {
  it("drops EXIF and what follows the image, keeps its picture and colour profile, however its bytes arrive", async () => {
    const photo = await photoWithGps(300, 200, 5);
    const uploaded = Buffer.concat([photo, Buffer.from("an embedded preview after the end of the image")]);
    const whole = await stripped(uploaded);
    expect(await readLabel(whole)).toMatchObject({ exif: false, makerText: false, iccBytes: (await readLabel(photo)).iccBytes });
    expect(whole.includes("embedded preview")).toBe(false);
    expect((await sharp(whole).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).toBe(true);
    // Cut anywhere: inside a marker, a segment header, the image data.
    for (const size of [1, 2, 3, 7, 1000]) expect((await stripped(uploaded, size)).equals(whole)).toBe(true);
  });

  it("labels it with the XMP it is given", async () => {
    const xmp = labelXmp({ title: "Harbour", creator: "Ada Lovelace", licenseUrl: TEST_LICENSE_URL });
    const labelled = await stripped(await photoWithGps(300, 200), 5, xmp);
    expect(await readLabel(labelled)).toMatchObject({ title: "Harbour", creator: "Ada Lovelace", exif: false, makerText: false });
  });

  it("refuses a JPEG cut short", async () => {
    await expect(stripped(await truncatedJpeg())).rejects.toThrow(/^The JPEG ends/);
  });
});
