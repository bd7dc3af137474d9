import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable, type Transform } from "node:stream";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import type { ImageVariant } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { ColorName } from "#contracts/catalog-constants";
import { scaledHeight } from "#contracts/engagement";
import { JPEG_MAX_SIDE, megapixels } from "#contracts/studio";
import { jpegStripper } from "./jpeg-segments.ts";
import { contentTypeOf, keyOf, mediaKey, sha256, type MediaExtension } from "./keys.ts";
import { labelHash } from "./labels.ts";
import { newFileBy, usingFile, writeNewFile } from "./local-files.ts";
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

// libvips would start a thread per core for each operation; the image pool runs several images
// side by side instead (IMAGE_CONCURRENCY), one thread each, so that the cores stay busy without
// oversubscription, and each image's files are made one at a time, so that its memory stays
// that of one decode and one encode. libvips' operation cache (up to 50 MB) keeps results for a
// pipeline run again on the same input, which image work here never does.
sharp.concurrency(1);
sharp.cache(false);

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
}

/** Everything the catalog records about an image and its files. */
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
 * A work file under `scratchDir` (the caller removes it) made of an image file: streamed through
 * `lossless` (jpegStripper: its picture untouched) when given, else, or when the stripper cannot
 * follow its structure, written by `encode`.
 */
export async function workFileOf(input: ImageInput, lossless: Transform | null, encode: () => Sharp, scratchDir: string): Promise<string> {
  if (lossless) {
    try {
      return await writeNewFile(scratchDir, typeof input === "string" ? createReadStream(input) : Readable.from([input]), lossless);
    } catch {
      // Not a structure the stripper follows: encoded.
    }
  }
  return newFileBy(scratchDir, (file) => encode().toFile(file));
}

/**
 * Writes what is kept of an image file to a work file under `scratchDir` (the caller removes
 * it): an upright JPEG stripped of its metadata as it streams (jpeg-segments.ts), anything else,
 * or a JPEG whose structure cannot be followed, encoded by originalEncoders.
 */
function keptOriginal(input: ImageInput, originalFormat: string, upright: boolean, maxPixels: number, scratchDir: string): Promise<string> {
  const encode = originalEncoders[originalFormat];
  if (!encode) throw new AppError("UNSUPPORTED_MEDIA", `Unsupported image format ${originalFormat}`);
  const lossless = originalFormat === "jpeg" && upright ? jpegStripper() : null;
  return sharpStep(workFileOf(input, lossless, () => encode(sharp(input, inputOptions(maxPixels)).keepIccProfile()), scratchDir));
}

function hex(n: number): string {
  return Math.round(n).toString(16).padStart(2, "0");
}

/**
 * The files of an image from its kept original (`kept`: its bytes, or its file), its variants
 * labelled with `xmp`, each stored by `store` as soon as it is encoded: AVIF, WebP and JPEG at
 * each ladder width, one width and one format at a time, each width decoded from the kept
 * original and resized once, then encoded in every format from those pixels.
 */
async function filesOf(kept: ImageInput, ext: MediaExtension, width: number, xmp: string, maxPixels: number, store: StoreObject): Promise<ImageFiles> {
  const variants: ImageVariant[] = [];
  for (const w of variantWidths(width)) {
    const pixels = await sharpStep(sharp(kept, inputOptions(maxPixels)).resize({ width: w }).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true }));
    for (const format of Object.keys(encoders) as ImageVariant["format"][]) {
      const { ext: variantExt, encode } = encoders[format];
      const data = await sharpStep(encode(sharp(pixels.data, { raw: pixels.info }).withXmp(xmp)).toBuffer());
      const key = mediaKey("v", data, variantExt, w);
      await store(key, data);
      variants.push({ format, width: pixels.info.width, height: pixels.info.height, bytes: data.length, key });
    }
  }
  const originalKey = keyOf("o", await contentHashOf(kept), ext);
  await store(originalKey, typeof kept === "string" ? () => createReadStream(kept) : kept);
  return { bytes: typeof kept === "string" ? (await stat(kept)).size : kept.length, originalKey, variants, mediaLabel: labelHash(xmp) };
}

function damaged(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const damage = (error as Error).message.split("\n")[0]!;
  return new AppError("UNPROCESSABLE", `The image file is damaged and cannot be read (${damage})`, { damage });
}

/** A step of sharp's (libvips): what fails there is the file's fault, and says so (damaged()); what fails storing a file is not. */
function sharpStep<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw damaged(error);
  });
}

/** What the catalog records about an image file, known before any of its files is made. */
export type ImageFacts = Omit<ProcessedImage, keyof ImageFiles>;

/**
 * Decodes, checks and renders an image of at most `maxPixels`, its variants labelled with `xmp`
 * (labels.ts), and stores its files with `store` one by one as they are made; its kept original
 * is a work file under `scratchDir` meanwhile. `beforeStoring` sees the image's facts before the
 * first file is stored, and may refuse it (the import's duplicate check). Throws an AppError for
 * unusable input, before a file is stored.
 */
export async function processImage(
  input: ImageInput,
  xmp: string,
  imaging: { maxPixels: number; scratchDir: string },
  store: StoreObject,
  beforeStoring: (facts: ImageFacts) => Promise<void> = async () => {},
): Promise<ProcessedImage> {
  const { maxPixels, scratchDir } = imaging;
  const { ext, format, width, height, upright } = await inspectImage(input, maxPixels);
  // The small render decodes the whole file, so a corrupt one fails here, before the encodes.
  const small = await sharpStep(
    sharp(input, inputOptions(maxPixels)).resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  );
  const placeholder = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString("base64");
  const { dominant } = await sharpStep(sharp(small.data, { raw: small.info }).stats());
  const originalFormat = format === "heif" ? "avif" : format;
  const facts: ImageFacts = {
    width,
    height,
    contentHash: await contentHashOf(input),
    dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    colors: await sharpStep(colorLabels(sharp(small.data, { raw: small.info }))),
    visualHash: await sharpStep(visualHash(sharp(small.data, { raw: small.info }))),
    placeholder,
    originalFormat,
  };
  await beforeStoring(facts);
  const files = await usingFile(keptOriginal(input, originalFormat, upright, maxPixels, scratchDir), (kept) => filesOf(kept, ext, width, xmp, maxPixels, store));
  return { ...facts, ...files };
}

/**
 * The files of a stored image again, labelled with `xmp`: its variants rendered anew from the
 * kept original (its file) and stored with `store` as they are made. `stripped` says whether
 * that original is already without metadata; if not (stored before labels existed), it is
 * stripped first, as a work file under `scratchDir`, and gets a new key.
 */
export async function relabelImage(
  original: ImageInput,
  image: { originalFormat: string; width: number },
  xmp: string,
  scratchDir: string,
  stripped: boolean,
  store: StoreObject,
): Promise<ImageFiles> {
  const { ext, upright } = await inspectImage(original, NO_PIXEL_LIMIT);
  if (stripped) return filesOf(original, ext, image.width, xmp, NO_PIXEL_LIMIT, store);
  return usingFile(keptOriginal(original, image.originalFormat, upright, NO_PIXEL_LIMIT, scratchDir), (kept) => filesOf(kept, ext, image.width, xmp, NO_PIXEL_LIMIT, store));
}

/** Stores one object: its bytes, or a stream it opens (only if it stores it). */
export type StoreObject = (key: string, data: Buffer | (() => Readable)) => Promise<void>;

/**
 * Runs `make` with a StoreObject that stores each object in `storage` as soon as it is made,
 * unless it is there already. Its result, and `written`: the keys that were not there before,
 * which is what to remove if the record that needs them cannot be saved (other keys may belong
 * to other records). When `make` fails, what it stored is removed.
 */
export async function storingAsMade<T>(storage: MediaStorage, make: (store: StoreObject) => Promise<T>): Promise<{ made: T; written: string[] }> {
  const written: string[] = [];
  const store: StoreObject = async (key, data) => {
    if (await storage.has(key)) return;
    await storage.put(key, Buffer.isBuffer(data) ? data : data(), contentTypeOf(key));
    written.push(key);
  };
  try {
    return { made: await make(store), written };
  } catch (error) {
    await removeObjects(storage, written);
    throw error;
  }
}

/** Stores the objects (storingAsMade); returns the keys that were not there before. */
export async function storeObjects(storage: MediaStorage, objects: StoredObject[]): Promise<string[]> {
  const { written } = await storingAsMade(storage, async (store) => {
    for (const { key, data } of objects) await store(key, data);
  });
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
