import { Readable } from "node:stream";
import sharp from "sharp";
import { downloadWidths } from "#contracts/engagement";
import type { images } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { withJpegXmp } from "./jpeg-segments.ts";
import { derivedKey } from "./keys.ts";
import { labelHash } from "./labels.ts";
import type { MediaStorage } from "./storage.ts";
import { losslessJpeg } from "./variants.ts";

type DownloadableImage = Pick<typeof images.$inferSelect, "originalKey" | "originalFormat" | "variants" | "width" | "mediaLabel">;

/** The keys downloads of `image` rendered with each of `labels` are kept under (see jpegDownload). */
export function downloadKeys(image: Pick<DownloadableImage, "originalKey" | "width">, labels: Array<string | null>): string[] {
  const widths = new Set([...Object.values(downloadWidths).map((w) => Math.min(w, image.width)), image.width]);
  return [...new Set(labels)].flatMap((label) => [...widths].map((w) => derivedKey("d", image.originalKey, label, "jpg", w)));
}

/** A stream's bytes, whole. */
export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The image as a JPEG file to download, labelled with `xmp` (labels.ts): `width` pixels wide
 * (never wider than the original), or the original's full size when `width` is omitted. A
 * stored JPEG variant of that size carrying the same label is streamed as is; anything else is
 * made from the kept original once (a JPEG original at full size losslessly, its picture
 * untouched), kept in the storage beside it (`d/…`, named by original and label), and
 * streamed from there afterwards. Nothing of the uploaded file's metadata but its colour
 * profile reaches the file.
 */
export async function jpegDownload(
  storage: MediaStorage,
  image: DownloadableImage,
  xmp: string,
  width?: number,
): Promise<{ stream: Readable; size: number; width: number }> {
  const target = Math.min(width ?? image.width, image.width);
  const label = labelHash(xmp);
  const rendered = derivedKey("d", image.originalKey, label, "jpg", target);
  // A JPEG original at full size is handed out as it is kept (labelled), not as the lighter variant.
  const fullSizeJpeg = target === image.width && image.originalFormat === "jpeg";
  const variant = image.mediaLabel === label && !fullSizeJpeg ? image.variants.find((v) => v.format === "jpeg" && v.width === target)?.key : undefined;
  for (const key of [variant ?? [], rendered].flat()) {
    const file = await storage.read(key);
    if (file) return { stream: file.stream, size: file.size, width: target };
  }
  const original = await storage.read(image.originalKey);
  if (!original) throw new AppError("NOT_FOUND", "The image file is missing");
  const input = await bytesOf(original.stream);
  const lossless = fullSizeJpeg ? losslessJpeg(input, ((await sharp(input).metadata()).orientation ?? 1) === 1) : null;
  const data = lossless
    ? withJpegXmp(lossless, xmp)
    : await sharp(input, { autoOrient: true })
        .resize({ width: target, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .keepIccProfile()
        .withXmp(xmp)
        .jpeg({ quality: 90, progressive: true })
        .toBuffer();
  await storage.put(rendered, data, "image/jpeg");
  return { stream: Readable.from([data]), size: data.length, width: target };
}
