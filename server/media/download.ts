import type { Readable } from "node:stream";
import sharp from "sharp";
import { downloadWidths } from "#contracts/engagement";
import type { DownloadFileEntry, images } from "../db/schema.ts";
import { withJpegXmp } from "./jpeg-segments.ts";
import { derivedKey, mediaKey } from "./keys.ts";
import { losslessJpeg, type StoredObject } from "./variants.ts";

/** The keys downloads of `image` were kept under before they were rendered once at import (named by original and label), to remove them. */
export function legacyDownloadKeys(image: Pick<typeof images.$inferSelect, "originalKey" | "width">, labels: Array<string | null>): string[] {
  return [...new Set(labels)].flatMap((label) => downloadFileWidths(image.width).map((w) => derivedKey("d", image.originalKey, label, "jpg", w)));
}

/** The widths an image `width` pixels wide is downloaded at: each size's, never wider than the image, and its own. */
export function downloadFileWidths(width: number): number[] {
  return [...new Set([...Object.values(downloadWidths).map((w) => Math.min(w, width)), width])];
}

/** A stream's bytes, whole. */
export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The image's JPEG downloads, labelled with `xmp` (labels.ts), rendered from its kept `original`
 * one width at a time: each size's (never wider than the image), and the full size (a JPEG
 * original losslessly, its picture untouched). `finish` turns each file's bytes into what is
 * stored: it signs them (server/credentials/signer.ts). Nothing of the uploaded file's metadata but its
 * colour profile reaches the files.
 */
export async function renderDownloads(
  original: Buffer,
  image: Pick<typeof images.$inferSelect, "originalFormat" | "width" | "height">,
  xmp: string,
  finish: (jpeg: Buffer, width: number) => Promise<Buffer>,
): Promise<Array<{ entry: DownloadFileEntry; object: StoredObject }>> {
  const rendered: Array<{ entry: DownloadFileEntry; object: StoredObject }> = [];
  const upright = ((await sharp(original).metadata()).orientation ?? 1) === 1;
  for (const width of downloadFileWidths(image.width)) {
    const lossless = width === image.width && image.originalFormat === "jpeg" ? losslessJpeg(original, upright) : null;
    const jpeg = lossless
      ? { data: withJpegXmp(lossless, xmp), info: { width, height: image.height } }
      : await sharp(original, { autoOrient: true, limitInputPixels: false })
          .resize({ width, withoutEnlargement: true })
          .flatten({ background: "#ffffff" })
          .keepIccProfile()
          .withXmp(xmp)
          .jpeg({ quality: 90, progressive: true })
          .toBuffer({ resolveWithObject: true });
    const data = await finish(jpeg.data, width);
    const key = mediaKey("d", data, "jpg", width);
    rendered.push({ entry: { width, height: jpeg.info.height, bytes: data.length, key }, object: { key, data } });
  }
  return rendered;
}
