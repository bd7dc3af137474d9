import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../config.ts";
import { localDiskStorage } from "./local-disk-storage.ts";

/**
 * Where image files live. Keys are content-addressed paths such as
 * `v/ab/abcdef…-640.avif`; a key's bytes never change, so every URL is cacheable forever.
 * The local-disk driver keeps them under DATA_DIR/media; an S3-compatible driver will
 * implement the same interface when the site runs on several machines.
 */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** The object's bytes as a stream, optionally a byte range (inclusive end), or null if absent. */
  read(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number; contentType: string } | null>;
  /** Size and type without reading the bytes, or null if absent. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the object from (a path on this site, or a CDN URL). */
  publicUrl(key: string): string;
}

/** The storage this installation uses: the local disk under DATA_DIR/media (S3 will be chosen here). */
export function createMediaStorage(config: Pick<Config, "dataDir">): MediaStorage {
  return localDiskStorage(path.join(config.dataDir, "media"));
}
