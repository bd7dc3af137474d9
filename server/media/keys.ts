import { createHash, randomBytes } from "node:crypto";

/**
 * Media keys are content-addressed: `{kind}/{first two hex}/{sha256 of the bytes}[-{width}].{ext}`,
 * e.g. `v/3f/3f9a…-640.avif`. The bytes behind a key never change, so every URL is cacheable
 * forever, and the strict pattern keeps keys from ever naming anything outside the store.
 */
export const MEDIA_KEY_PATTERN = /^[a-z]\/[0-9a-f]{2}\/([0-9a-f]{64})(?:-[1-9][0-9]{0,4})?\.(avif|webp|jpg|png|gif|tif|upload)$/;

/** A key's bytes never change: browsers, CDNs and the bucket itself may keep them for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Where browsers fetch media when MEDIA_BASE_URL is unset: this site's own route (server/http/media.ts). */
export const SITE_MEDIA_PATH = "/media";

type MediaKind = "o" | "v" | "a" | "d" | "u";

const contentTypes = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  tif: "image/tiff",
  /** An uploaded file waiting for the job queue (server/studio/): what it is, nobody knows yet. */
  upload: "application/octet-stream",
} as const;

export type MediaExtension = keyof typeof contentTypes;

export function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The key of bytes whose sha256 is `hash` (mediaKey, for bytes hashed as they streamed). */
export function keyOf(kind: MediaKind, hash: string, ext: MediaExtension, width?: number): string {
  return `${kind}/${hash.slice(0, 2)}/${hash}${width ? `-${width}` : ""}.${ext}`;
}

/** The key for these bytes: `o` originals, `v` variants, `a` avatars. */
export function mediaKey(kind: MediaKind, data: Buffer, ext: MediaExtension, width?: number): string {
  return keyOf(kind, sha256(data), ext, width);
}

/**
 * The key of a file rendered from the object at `sourceKey` with the label `label` (`d`
 * downloads): named by the hash of both, so that it is found again without rendering, and its
 * bytes depend on those two alone. A null label names the files rendered before labels
 * existed (by the source's hash alone), so that they can be removed.
 */
export function derivedKey(kind: MediaKind, sourceKey: string, label: string | null, ext: MediaExtension, width: number): string {
  const hash = hashOfKey(sourceKey);
  if (!hash) throw new Error(`Not a media key: ${sourceKey}`);
  return keyOf(kind, label === null ? hash : createHash("sha256").update(`${hash}:${label}`).digest("hex"), ext, width);
}

/** Where an upload waits until it is imported: `u/…/{random}.upload`, never served (server/http/media.ts serves `v` and `a`). */
export function stagingKey(): string {
  return keyOf("u", randomBytes(32).toString("hex"), "upload");
}

export function isMediaKey(key: string): boolean {
  const match = MEDIA_KEY_PATTERN.exec(key);
  return match !== null && key.slice(2, 4) === match[1]!.slice(0, 2);
}

/** The bytes' sha256, which is also a strong ETag for the object. */
export function hashOfKey(key: string): string | undefined {
  return MEDIA_KEY_PATTERN.exec(key)?.[1];
}

export function contentTypeOf(key: string): string {
  const ext = MEDIA_KEY_PATTERN.exec(key)?.[2] as MediaExtension | undefined;
  return ext ? contentTypes[ext] : "application/octet-stream";
}
