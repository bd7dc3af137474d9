import sharp from "sharp";
import { thumbHashToRGBA } from "thumbhash";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { objectsInMemory, processedInMemory, pngClaiming, solidImage, splitImage, TEST_IMAGING, TEST_LICENSE_URL, truncatedJpeg } from "./test-images.ts";
import { labelXmp } from "./labels.ts";
import { processImage } from "./variants.ts";

const xmp = labelXmp({ title: "Test", creator: "Tester", licenseUrl: TEST_LICENSE_URL });


async function refusal(input: Buffer): Promise<AppError> {
  const { objects, store } = objectsInMemory();
  const error = await processImage(input, xmp, TEST_IMAGING, store).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(objects.size).toBe(0);
  return error as AppError;
}

describe("processImage", () => {
  it("renders AVIF, WebP and JPEG at each ladder width up to the original's, never wider", async () => {
    const input = await splitImage(1500, 1000, "#1d4ed8", "#f97316");
    const image = await processedInMemory(input, xmp);
    expect(image).toMatchObject({ width: 1500, height: 1000, originalFormat: "jpeg" });
    expect(image.contentHash).toMatch(/^[0-9a-f]{64}$/);

    const widths = [...new Set(image.variants.map((v) => v.width))];
    expect(widths).toEqual([320, 640, 1280, 1500]);
    for (const variant of image.variants) {
      const data = image.objects.get(variant.key)!;
      const meta = await sharp(data).metadata();
      expect({ format: meta.format === "heif" ? "avif" : meta.format, width: meta.width }).toEqual({ format: variant.format, width: variant.width });
      expect(variant.height).toBe(Math.round((variant.width * 1000) / 1500));
      expect(variant.bytes).toBe(data.length);
    }
    expect(new Set(image.variants.map((v) => v.format))).toEqual(new Set(["avif", "webp", "jpeg"]));
    // The original is kept without metadata, its picture untouched: the same pixels decode.
    const original = image.objects.get(image.originalKey)!;
    expect(image.bytes).toBe(original.length);
    expect((await sharp(original).raw().toBuffer()).equals(await sharp(input).raw().toBuffer())).toBe(true);
  });

  it("does not upscale a small image", async () => {
    const image = await processedInMemory(await solidImage(200, 120, "#336699"), xmp);
    expect(image.variants.map((v) => v.width)).toEqual([200, 200, 200]);
  });

  it("gives a decodable placeholder and the dominant colour", async () => {
    const image = await processedInMemory(await solidImage(400, 300, "#c81e1e"), xmp);
    const decoded = thumbHashToRGBA(Buffer.from(image.placeholder, "base64"));
    expect(decoded.w / decoded.h).toBeCloseTo(4 / 3, 0);
    expect(decoded.rgba[0]).toBeGreaterThan(150); // red
    expect(image.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(parseInt(image.dominantColor.slice(1, 3), 16)).toBeGreaterThan(150);
    expect(parseInt(image.dominantColor.slice(3, 5), 16)).toBeLessThan(80);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    const sideways = await sharp(await splitImage(300, 200, "#000000", "#ffffff"))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = await processedInMemory(sideways, xmp);
    expect({ width: image.width, height: image.height }).toEqual({ width: 200, height: 300 });
    expect(image.variants[0]).toMatchObject({ width: 200, height: 300 });
  });

  it("names every object by its content, so the same file gives the same keys", async () => {
    const input = await solidImage(300, 300, "#0f766e");
    const [a, b] = [await processedInMemory(input, xmp), await processedInMemory(input, xmp)];
    expect(a.variants.map((v) => v.key)).toEqual(b.variants.map((v) => v.key));
    expect(a.originalKey).toMatch(/^o\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    expect(a.variants[0]!.key).toMatch(/^v\/[0-9a-f]{2}\/[0-9a-f]{64}-300\.avif$/);
  });

  it("refuses a file that is not an image", async () => {
    const error = await refusal(Buffer.from("title,tags\nhello,world\n"));
    expect(error.code).toBe("UNSUPPORTED_MEDIA");
    expect(error.message).toMatch(/not an image/i);
  });

  it("refuses SVG, which could carry scripts", async () => {
    const error = await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'));
    expect(error.code).toBe("UNSUPPORTED_MEDIA");
  });

  it("refuses a damaged file", async () => {
    const error = await refusal(await truncatedJpeg());
    expect(error.code).toBe("UNPROCESSABLE");
    expect(error.message).toMatch(/damaged/);
  });

  it("refuses an image over 100 megapixels without decoding it", async () => {
    const error = await refusal(pngClaiming(12_000, 9_000));
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toContain("12000 × 9000 (108 megapixels)");
  });

  it("refuses a side longer than a JPEG holds, and an image so tall that its widest variant is taller than a WebP holds", async () => {
    const wide = await refusal(pngClaiming(70_000, 1_000));
    expect({ code: wide.code, message: wide.message }).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "The image is 70000 × 1000 pixels; a JPEG holds at most 65,535 pixels a side",
    });
    const tall = await refusal(pngClaiming(1_000, 20_000));
    expect(tall.message).toBe("The image is 1000 × 20000 pixels; at 1000 pixels wide it would be taller than the 16,383 pixels a WebP holds");
  });

  it("takes a panorama and a column just within those limits", async () => {
    const panorama = await processedInMemory(await solidImage(20_000, 300, "#0f766e"), xmp);
    expect(Math.max(...panorama.variants.map((v) => v.width))).toBe(2560);
    const column = await processedInMemory(await solidImage(300, 16_000, "#0f766e"), xmp);
    expect(Math.max(...column.variants.map((v) => v.height))).toBe(16_000);
  });
});
