import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { downloadWidths } from "#contracts/engagement";
import type { DownloadFileEntry, images } from "../db/schema.ts";
import { jpegStripper } from "./jpeg-segments.ts";
import { derivedKey, keyOf, mediaKey } from "./keys.ts";
import { usingFile } from "./local-files.ts";
import { contentHashOf, workFileOf, type ImageInput, type StoreObject } from "./variants.ts";

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
 * How renderDownloads signs what it makes: a smaller size's bytes, and the full size's work file
 * into a new work file (its path; the caller removes it), so that a file as large as the upload
 * is never held whole.
 */
export interface DownloadFinisher {
  bytes(jpeg: Buffer, width: number): Promise<Buffer>;
  file(path: string, width: number): Promise<string>;
}

/**
 * The image's JPEG downloads, labelled with `xmp` (labels.ts), rendered from its kept `original`
 * (its bytes, or its file) one width at a time, each stored with `store` as soon as it is made:
 * each size's (never wider than the image), and the full size (a JPEG original losslessly, its
 * picture untouched, stripped and labelled as it streams into a work file under `scratchDir`).
 * `finish` turns each file into what is stored: it signs them (server/credentials/signer.ts).
 * Nothing of the uploaded file's metadata but its colour profile reaches the files.
 */
export async function renderDownloads(
  original: ImageInput,
  image: Pick<typeof images.$inferSelect, "originalFormat" | "width" | "height">,
  xmp: string,
  scratchDir: string,
  finish: DownloadFinisher,
  store: StoreObject,
): Promise<DownloadFileEntry[]> {
  const entries: DownloadFileEntry[] = [];
  const upright = ((await sharp(original).metadata()).orientation ?? 1) === 1;
  const jpegAt = (width: number) =>
    sharp(original, { autoOrient: true, limitInputPixels: false })
      .resize({ width, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .keepIccProfile()
      .withXmp(xmp)
      .jpeg({ quality: 90, progressive: true });
  for (const width of downloadFileWidths(image.width)) {
    if (width === image.width) {
      const lossless = image.originalFormat === "jpeg" && upright ? jpegStripper(xmp) : null;
      const made = workFileOf(original, lossless, () => jpegAt(width), scratchDir);
      entries.push(
        await usingFile(made, (file) =>
          usingFile(finish.file(file, width), async (signed) => {
            const key = keyOf("d", await contentHashOf(signed), "jpg", width);
            await store(key, () => createReadStream(signed));
            return { width, height: image.height, bytes: (await stat(signed)).size, key };
          }),
        ),
      );
    } else {
      const jpeg = await jpegAt(width).toBuffer({ resolveWithObject: true });
      const data = await finish.bytes(jpeg.data, width);
      const key = mediaKey("d", data, "jpg", width);
      await store(key, data);
      entries.push({ width, height: jpeg.info.height, bytes: data.length, key });
    }
  }
  return entries;
}
