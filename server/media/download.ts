import { Readable } from "node:stream";
import sharp from "sharp";
import type { images } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { derivedKey } from "./keys.ts";
import type { MediaStorage } from "./storage.ts";

type DownloadableImage = Pick<typeof images.$inferSelect, "originalKey" | "originalFormat" | "variants" | "width">;

/**
 * The image as a JPEG file to download: `width` pixels wide (never wider than the original),
 * or the original's full size when `width` is omitted. A stored JPEG of exactly that size is
 * streamed as is (an original that is a JPEG too); anything else is rendered from the
 * original once, kept in the storage beside it (`d/…`), and streamed from there afterwards.
 */
export async function jpegDownload(
  storage: MediaStorage,
  image: DownloadableImage,
  width?: number,
): Promise<{ stream: Readable; size: number; width: number }> {
  const target = Math.min(width ?? image.width, image.width);
  const rendered = derivedKey("d", image.originalKey, "jpg", target);
  const stored =
    target === image.width && image.originalFormat === "jpeg"
      ? [image.originalKey]
      : [image.variants.find((v) => v.format === "jpeg" && v.width === target)?.key ?? [], rendered].flat();
  for (const key of stored) {
    const file = await storage.read(key);
    if (file) return { stream: file.stream, size: file.size, width: target };
  }
  const original = await storage.read(image.originalKey);
  if (!original) throw new AppError("NOT_FOUND", "The image file is missing");
  const chunks: Buffer[] = [];
  for await (const chunk of original.stream) chunks.push(chunk as Buffer);
  const data = await sharp(Buffer.concat(chunks), { autoOrient: true })
    .resize({ width: target, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 90, progressive: true })
    .toBuffer();
  await storage.put(rendered, data, "image/jpeg");
  return { stream: Readable.from([data]), size: data.length, width: target };
}
