import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import type { ImageVariant } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { ColorName } from "#contracts/catalog-constants";
import { scaledHeight } from "#contracts/engagement";
import { JPEG_MAX_SIDE, megapixels } from "#contracts/studio";
import { inParallel } from "../in-parallel.ts";
import { stripJpeg } from "./jpeg-segments.ts";
import { contentTypeOf, mediaKey, sha256, type MediaExtension } from "./keys.ts";
import { labelHash } from "./labels.ts";
import { colorLabels } from "./palette.ts";
import type { MediaStorage } from "./storage.ts";
import { visualHash } from "./visual-hash.ts";

/**
 * Turns an uploaded or imported file into what the gallery serves: the original with none of
 * its metadata but its colour profile (kept, never served as such: downloads label it), AVIF +
 * WebP + JPEG at a ladder of widths (never upscaled) labelled with the XMP of labels.ts, a
 * thumbhash placeholder, the dominant colour, the colour names of its palette and a perceptual
 * hash, and the facts about the file. Anything that is not a usable image is refused with an
 * AppError before a single byte is stored.
 */

/** The largest side a WebP holds (the variants pages show); a JPEG's (our downloads) is JPEG_MAX_SIDE. */
const WEBP_MAX_SIDE = 16_383;
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

/**
 * How a kept original is written when it cannot be stripped losslessly (docs/decisions/013):
 * upright, its colour profile kept, everything else dropped; lossless formats stay lossless.
 * Keyed by images.original_format.
 */
const originalEncoders: Record<string, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 95, chromaSubsampling: "4:4:4" }),
  png: (image) => image.png({ compressionLevel: 6 }),
  webp: (image) => image.webp({ quality: 95, effort: 4 }),
  gif: (image) => image.gif(),
  tiff: (image) => image.tiff({ compression: "lzw" }),
  avif: (image) => image.avif({ quality: 90, effort: 2, chromaSubsampling: "4:4:4" }),
};

const encoders: Record<ImageVariant["format"], { ext: MediaExtension; encode: (image: Sharp) => Sharp }> = {
  avif: { ext: "avif", encode: (image) => image.avif({ quality: 58, effort: 0, chromaSubsampling: "4:2:0" }) },
  webp: { ext: "webp", encode: (image) => image.webp({ quality: 78, effort: 2 }) },
  jpeg: { ext: "jpg", encode: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, progressive: true }) },
};

/**
 * An image file to import: its bytes, or its path on this machine. From a path, sharp (libvips)
 * reads and decodes the file itself, so that it is never held whole in JavaScript's memory.
 */
export type ImageInput = Buffer | string;

/** sha256 of an image file: its bytes, or its file read as a stream. */
export async function contentHashOf(input: ImageInput): Promise<string> {
  if (typeof input !== "string") return sha256(input);
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(input)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export interface StoredObject {
  key: string;
  data: Buffer;
}

/** The files of an image as stored: its kept original, its labelled variants, and which label they carry. */
export interface ImageFiles {
  /** Size of the kept original in bytes. */
  bytes: number;
  originalKey: string;
  variants: ImageVariant[];
  /** labelHash() of the XMP the variants carry. */
  mediaLabel: string;
  /** The objects still to be stored. */
  objects: StoredObject[];
}

/** Everything the catalog records about an image, plus the objects still to be stored. */
interface ProcessedImage extends ImageFiles {
  width: number;
  height: number;
  /** sha256 of the file as it came: an import that brings the same file again skips the work. */
  contentHash: string;
  dominantColor: string;
  colors: ColorName[];
  /** dHash (visual-hash.ts): near-identical copies are within a few bits. */
  visualHash: bigint;
  placeholder: string;
  originalFormat: string;
}

/** The limit of an original already kept: it was taken under the limit in force then. */
const NO_PIXEL_LIMIT = Number.MAX_SAFE_INTEGER;

/** How every image is decoded: upright, at most `maxPixels` (UPLOAD_MAX_PIXELS), refused at the first damage. */
const inputOptions = (maxPixels: number): SharpOptions => ({ autoOrient: true, limitInputPixels: maxPixels, failOn: "warning" });

/** The widths to render for an image `width` pixels wide: ladder steps below it, then its own (capped). */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, MAX_VARIANT_WIDTH);
  return [...VARIANT_WIDTHS.filter((w) => w < top * 0.9), top];
}

/** The header of an image file (its bytes, or its path: sharp reads only what it needs), or null when sharp finds none. */
export async function imageHeader(input: Buffer | string): Promise<Metadata | null> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

/** What an image's header says of the file. */
interface InspectedImage {
  format: string;
  ext: MediaExtension;
  width: number;
  height: number;
  upright: boolean;
}

/**
 * Reads the header: refuses what is not an image we take, or is too large, before decoding:
 * more than `maxPixels`, a side longer than a JPEG download holds, or so tall that its widest
 * variant is taller than a WebP holds.
 */
export async function inspectImage(input: Buffer | string, maxPixels: number): Promise<InspectedImage> {
  const meta = await imageHeader(input);
  if (!meta) throw new AppError("UNSUPPORTED_MEDIA", "Not an image file (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)");
  return checkHeader(meta, maxPixels);
}

/** inspectImage's refusals, for a header already read. */
export function checkHeader(meta: Metadata, maxPixels: number): InspectedImage {
  const ext = originalExtensions[meta.format];
  if (!ext || (meta.format === "heif" && meta.compression !== "av1")) {
    throw new AppError("UNSUPPORTED_MEDIA", `Unsupported image format ${meta.compression === "hevc" ? "HEIC" : meta.format.toUpperCase()} (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)`);
  }
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new AppError("UNPROCESSABLE", "The image has no dimensions");
  if (width * height > maxPixels) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The image is ${width} × ${height} (${Math.round((width * height) / 1e6)} megapixels); the limit is ${megapixels(maxPixels)}`);
  }
  if (Math.max(width, height) > JPEG_MAX_SIDE) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The image is ${width} × ${height} pixels; a JPEG holds at most ${JPEG_MAX_SIDE.toLocaleString("en")} pixels a side`);
  }
  const widest = Math.min(width, MAX_VARIANT_WIDTH);
  if (scaledHeight(width, height, widest) > WEBP_MAX_SIDE) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The image is ${width} × ${height} pixels; at ${widest} pixels wide it would be taller than the ${WEBP_MAX_SIDE.toLocaleString("en")} pixels a WebP holds`,
    );
  }
  return { format: meta.format, ext, width, height, upright: (meta.orientation ?? 1) === 1 };
}

/**
 * The JPEG with its metadata segments removed and its picture untouched (jpeg-segments.ts),
 * or null when that is not enough: it must be turned upright first, or its structure cannot
 * be followed.
 */
export function losslessJpeg(data: Buffer, upright: boolean): Buffer | null {
  if (!upright) return null;
  try {
    return stripJpeg(data);
  } catch {
    return null;
  }
}

/**
 * What is kept of an uploaded file: see originalEncoders and losslessJpeg. A JPEG kept losslessly
 * is the file's own bytes less its metadata, so it is read whole (it is stored as such).
 */
async function keptOriginal(input: ImageInput, originalFormat: string, upright: boolean, maxPixels: number): Promise<Buffer> {
  const lossless = originalFormat === "jpeg" && upright ? losslessJpeg(typeof input === "string" ? await readFile(input) : input, upright) : null;
  if (lossless) return lossless;
  const encode = originalEncoders[originalFormat];
  if (!encode) throw new AppError("UNSUPPORTED_MEDIA", `Unsupported image format ${originalFormat}`);
  return encode(sharp(input, inputOptions(maxPixels)).keepIccProfile()).toBuffer();
}

function hex(n: number): string {
  return Math.round(n).toString(16).padStart(2, "0");
}

/** AVIF, WebP and JPEG of `original` (upright, no metadata of its own) at each ladder width, each carrying `xmp`. */
async function renderVariants(original: Buffer, width: number, xmp: string, maxPixels: number): Promise<Array<{ variant: ImageVariant; object: StoredObject }>> {
  // Each width is decoded and resized once, then encoded in every format from those pixels.
  const formats = Object.keys(encoders) as ImageVariant["format"][];
  const tasks = variantWidths(width).map((w) => async () => {
    const pixels = await sharp(original, inputOptions(maxPixels)).resize({ width: w }).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
    return Promise.all(
      formats.map(async (format) => {
        const { ext: variantExt, encode } = encoders[format];
        const data = await encode(sharp(pixels.data, { raw: pixels.info }).withXmp(xmp)).toBuffer();
        const key = mediaKey("v", data, variantExt, w);
        const variant: ImageVariant = { format, width: pixels.info.width, height: pixels.info.height, bytes: data.length, key };
        return { variant, object: { key, data } };
      }),
    );
  });
  return (await inParallel(tasks, PARALLEL_WIDTHS)).flat();
}

/** The files of an image from its kept original, labelled with `xmp`. */
async function filesOf(original: Buffer, ext: MediaExtension, width: number, xmp: string, maxPixels: number): Promise<ImageFiles> {
  const rendered = await renderVariants(original, width, xmp, maxPixels);
  const originalKey = mediaKey("o", original, ext);
  return {
    bytes: original.length,
    originalKey,
    variants: rendered.map((r) => r.variant),
    mediaLabel: labelHash(xmp),
    objects: [{ key: originalKey, data: original }, ...rendered.map((r) => r.object)],
  };
}

function damaged(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError("UNPROCESSABLE", `The image file is damaged and cannot be read (${(error as Error).message.split("\n")[0]})`);
}

/**
 * Decodes, checks and renders an image of at most `maxPixels`, its variants labelled with `xmp`
 * (labels.ts); stores nothing. Throws an AppError for unusable input.
 */
export async function processImage(input: ImageInput, xmp: string, maxPixels: number): Promise<ProcessedImage> {
  const { ext, format, width, height, upright } = await inspectImage(input, maxPixels);
  try {
    // The small render decodes the whole file, so a corrupt one fails here, before the encodes.
    const small = await sharp(input, inputOptions(maxPixels))
      .resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, { fit: "inside" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const placeholder = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString("base64");
    const { dominant } = await sharp(small.data, { raw: small.info }).stats();
    const colors = await colorLabels(sharp(small.data, { raw: small.info }));
    const hash = await visualHash(sharp(small.data, { raw: small.info }));
    const originalFormat = format === "heif" ? "avif" : format;
    const original = await keptOriginal(input, originalFormat, upright, maxPixels);
    return {
      width,
      height,
      contentHash: await contentHashOf(input),
      dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      colors,
      visualHash: hash,
      placeholder,
      originalFormat,
      ...(await filesOf(original, ext, width, xmp, maxPixels)),
    };
  } catch (error) {
    throw damaged(error);
  }
}

/**
 * The files of a stored image again, labelled with `xmp`: its variants rendered anew from the
 * kept original. `stripped` says whether that original is already without metadata; if not
 * (stored before labels existed), it is stripped first and gets a new key.
 */
export async function relabelImage(original: Buffer, image: { originalFormat: string; width: number }, xmp: string, stripped: boolean): Promise<ImageFiles> {
  const { ext, upright } = await inspectImage(original, NO_PIXEL_LIMIT);
  try {
    const kept = stripped ? original : await keptOriginal(original, image.originalFormat, upright, NO_PIXEL_LIMIT);
    return await filesOf(kept, ext, image.width, xmp, NO_PIXEL_LIMIT);
  } catch (error) {
    throw damaged(error);
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

/** A square avatar (256 px WebP) rendered from any image of at most `maxPixels` we accept, labelled with `xmp`; returns its object. */
export async function renderAvatar(input: Buffer, xmp: string, maxPixels: number): Promise<StoredObject> {
  await inspectImage(input, maxPixels);
  const data = await sharp(input, inputOptions(maxPixels)).resize(256, 256, { fit: "cover" }).withXmp(xmp).webp({ quality: 82 }).toBuffer();
  return { key: mediaKey("a", data, "webp"), data };
}
