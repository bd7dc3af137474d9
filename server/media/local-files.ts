import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { collectedAsItGoes } from "./paced-collection.ts";

/**
 * Work files of this machine (under DATA_DIR): what image work reads from or writes to the disk
 * rather than hold whole in memory (an upload as it arrives, an import's download, a kept
 * original while its variants are made). Each is a new file under its folder, and whoever
 * made it removes it.
 */

/** A new file under `dir` (made if missing), written by `write`; its path, which the caller removes. If `write` fails, the file is removed. */
export async function newFileBy(dir: string, write: (file: string) => Promise<unknown>): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  try {
    await write(file);
    return file;
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

/**
 * Writes `source` as it arrives to a new file under `dir`, through `through` when given (a
 * check, a filter), never holding it whole in memory: each chunk is dropped once written, the
 * young generation collected as they go (paced-collection.ts). The file's path; the caller
 * removes it. A source or a step that fails leaves nothing behind.
 */
export function writeNewFile(dir: string, source: Readable | AsyncIterable<Buffer>, through?: Transform): Promise<string> {
  return newFileBy(dir, (file) =>
    through ? pipeline(source, through, collectedAsItGoes(), createWriteStream(file)) : pipeline(source, collectedAsItGoes(), createWriteStream(file)),
  );
}

/** Runs `use` with the file `made` gives (a path), and removes the file when `use` ends, however it ends. */
export async function usingFile<T>(made: Promise<string>, use: (file: string) => Promise<T>): Promise<T> {
  const file = await made;
  try {
    return await use(file);
  } finally {
    await rm(file, { force: true });
  }
}

/** Runs `use` with `source` written to a new file under `dir` (writeNewFile), and removes the file when `use` ends, however it ends. */
export function withNewFile<T>(dir: string, source: Readable | AsyncIterable<Buffer>, use: (file: string) => Promise<T>): Promise<T> {
  return usingFile(writeNewFile(dir, source), use);
}
