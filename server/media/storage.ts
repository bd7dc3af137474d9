import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../config.ts";
import { SITE_MEDIA_PATH } from "./keys.ts";
import { localDiskStorage } from "./local-disk-storage.ts";
import { s3Storage } from "./s3-storage.ts";

/**
 * Where image files live. Keys are content-addressed paths such as
 * `v/ab/abcdef…-640.avif`; a key's bytes never change, so every URL is cacheable forever.
 * Two drivers: the local disk under DATA_DIR/media (the default) and an S3-compatible
 * bucket (`S3_BUCKET`), whose object keys are the media keys themselves.
 */
export interface MediaStorage {
  /** Checks at start-up that the store can be used; throws a message naming the setting when not. */
  check(): Promise<void>;
  /** Stores the bytes (a buffer, or a stream that is uploaded as it is read) under `key`; readers never see half an object. */
  put(key: string, data: Buffer | Readable, contentType: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** The object's bytes as a stream, optionally a byte range (inclusive end), or null if absent. `size` is the whole object's. */
  read(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number; contentType: string } | null>;
  /** Size and type without reading the bytes, or null if absent. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Every stored media object, in no particular order (copying a store: `npm run media:migrate`, backup restore). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** The URL a browser fetches the object from (a path on this site, or under MEDIA_BASE_URL). */
  publicUrl(key: string): string;
}

/** The storage this installation uses: the S3 bucket when S3_BUCKET is set, else the local disk under DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, "dataDir" | "media">): MediaStorage {
  const baseUrl = config.media.baseUrl ?? SITE_MEDIA_PATH;
  if (config.media.s3) return s3Storage(config.media.s3, baseUrl);
  return localDiskStorage(path.join(config.dataDir, "media"), baseUrl);
}
