import { availableParallelism } from "node:os";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import type { ImageVariant } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { ColorName } from "#contracts/catalog";
import { contentTypeOf, mediaKey, sha256, type MediaExtension } from "./keys.ts";
import { colorLabels } from "./palette.ts";
import { visualHash } from "./visual-hash.ts";
import type { MediaStorage } from "./storage.ts";

/**
 * Turns an uploaded or imported file into what the gallery serves: the original as it came,
 * AVIF + WebP + JPEG at a ladder of widths (never upscaled), a thumbhash placeholder, the
 * dominant colour and the colour names of its palette, and the facts about the file. Anything that is not a usable image is
 * refused with an AppError before a single byte is stored.
 */

export const MAX_PIXELS = 100_000_000;
/** Widths offered in srcsets; the image's own width, up to MAX_VARIANT_WIDTH, closes the ladder. */
export const VARIANT_WIDTHS = [320, 640, 1280, 1920] as const;
const MAX_VARIANT_WIDTH = 2560;
const PLACEHOLDER_SIZE = 100;

// libvips would start a thread per core for each operation; we run several operations side by
// side instead, one thread each (widths in parallel, and the three formats of each width), so
// that the cores stay busy without oversubscription.
sharp.concurrency(1);
const PARALLEL_WIDTHS = Math.max(1, Math.ceil(availableParallelism() / 2));

/** Input formats we accept (as sharp names them) and the extension their original is kept under. */
const originalExtensions: Partial<Record<string, MediaExtension>> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  tiff: "tif",
  heif: "avif",
};

const encoders: Record<ImageVariant["format"], { ext: MediaExtension; encode: (image: Sharp) => Sharp }> = {
  avif: { ext: "avif", encode: (image) => image.avif({ quality: 58, effort: 0, chromaSubsampling: "4:2:0" }) },
  webp: { ext: "webp", encode: (image) => image.webp({ quality: 78, effort: 2 }) },
  jpeg: { ext: "jpg", encode: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, progressive: true }) },
};

export interface StoredObject {
  key: string;
  data: Buffer;
}

/** Everything the catalog records about an image, plus the objects still to be stored. */
export interface ProcessedImage {
  width: number;
  height: number;
  bytes: number;
  contentHash: string;
  dominantColor: string;
  colors: ColorName[];
  /** dHash (visual-hash.ts): near-identical copies are within a few bits. */
  visualHash: bigint;
  placeholder: string;
  originalFormat: string;
  originalKey: string;
  variants: ImageVariant[];
  objects: StoredObject[];
}

const inputOptions: SharpOptions = { autoOrient: true, limitInputPixels: MAX_PIXELS, failOn: "warning" };

/** The widths to render for an image `width` pixels wide: ladder steps below it, then its own (capped). */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, MAX_VARIANT_WIDTH);
  return [...VARIANT_WIDTHS.filter((w) => w < top * 0.9), top];
}

/** Reads the header: refuses what is not an image we take, or is too large, before decoding. */
async function inspect(input: Buffer): Promise<{ format: string; ext: MediaExtension; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA", "Not an image file (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)");
  }
  const ext = originalExtensions[meta.format];
  if (!ext || (meta.format === "heif" && meta.compression !== "av1")) {
    throw new AppError("UNSUPPORTED_MEDIA", `Unsupported image format ${meta.compression === "hevc" ? "HEIC" : meta.format.toUpperCase()} (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)`);
  }
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new AppError("UNPROCESSABLE", "The image has no dimensions");
  if (width * height > MAX_PIXELS) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The image is ${width} × ${height} (${Math.round((width * height) / 1e6)} megapixels); the limit is ${MAX_PIXELS / 1e6} megapixels`);
  }
  return { format: meta.format, ext, width, height };
}

/** Runs `tasks` at most `limit` at a time, keeping their order. */
async function inParallel<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

function hex(n: number): string {
  return Math.round(n).toString(16).padStart(2, "0");
}

/** Decodes, checks and renders an image; stores nothing. Throws an AppError for unusable input. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const { ext, format, width, height } = await inspect(input);
  try {
    // The small render decodes the whole file, so a corrupt one fails here, before the encodes.
    const small = await sharp(input, inputOptions)
      .resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, { fit: "inside" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const placeholder = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString("base64");
    const { dominant } = await sharp(small.data, { raw: small.info }).stats();
    const colors = await colorLabels(sharp(small.data, { raw: small.info }));
    const hash = await visualHash(sharp(small.data, { raw: small.info }));

    // Each width is decoded and resized once, then encoded in every format from those pixels.
    const formats = Object.keys(encoders) as ImageVariant["format"][];
    const tasks = variantWidths(width).map((w) => async () => {
      const pixels = await sharp(input, inputOptions).resize({ width: w }).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
      return Promise.all(
        formats.map(async (format) => {
          const { ext: variantExt, encode } = encoders[format];
          const data = await encode(sharp(pixels.data, { raw: pixels.info })).toBuffer();
          const key = mediaKey("v", data, variantExt, w);
          const variant: ImageVariant = { format, width: pixels.info.width, height: pixels.info.height, bytes: data.length, key };
          return { variant, object: { key, data } };
        }),
      );
    });
    const rendered = (await inParallel(tasks, PARALLEL_WIDTHS)).flat();
    const originalKey = mediaKey("o", input, ext);
    return {
      width,
      height,
      bytes: input.length,
      contentHash: sha256(input),
      dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      colors,
      visualHash: hash,
      placeholder,
      originalFormat: format === "heif" ? "avif" : format,
      originalKey,
      variants: rendered.map((r) => r.variant),
      objects: [{ key: originalKey, data: input }, ...rendered.map((r) => r.object)],
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("UNPROCESSABLE", `The image file is damaged and cannot be read (${(error as Error).message.split("\n")[0]})`);
  }
}

/**
 * Stores the objects; returns the keys that were not there before, which is what to remove
 * if the record that needs them cannot be saved (other keys may belong to other records).
 */
export async function storeObjects(storage: MediaStorage, objects: StoredObject[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const { key, data } of objects) {
      if (await storage.has(key)) continue;
      await storage.put(key, data, contentTypeOf(key));
      written.push(key);
    }
  } catch (error) {
    await removeObjects(storage, written);
    throw error;
  }
  return written;
}

export async function removeObjects(storage: MediaStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** A square avatar (256 px WebP) rendered from any image we accept; returns its object. */
export async function renderAvatar(input: Buffer): Promise<StoredObject> {
  await inspect(input);
  const data = await sharp(input, inputOptions).resize(256, 256, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
  return { key: mediaKey("a", data, "webp"), data };
}
