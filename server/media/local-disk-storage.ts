import { randomBytes } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { access, mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, isMediaKey, SITE_MEDIA_PATH } from "./keys.ts";
import type { MediaStorage } from "./storage.ts";

/**
 * Media on the local disk under `root` (DATA_DIR/media). Writes go to a temporary file that
 * is flushed and then renamed into place, so a reader or a crash never sees half a file.
 */
export function localDiskStorage(root: string, baseUrl = SITE_MEDIA_PATH): MediaStorage {
  const fileOf = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(root, key);
  };
  const statOf = async (key: string) => {
    if (!isMediaKey(key)) return null;
    try {
      const s = await stat(fileOf(key));
      return s.isFile() ? { size: s.size, contentType: contentTypeOf(key) } : null;
    } catch {
      return null;
    }
  };

  return {
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString("hex")}`);
      try {
        const handle = await open(temp, "wx", 0o644);
        try {
          await writeFile(handle, data); // a stream is written as it arrives
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async has(key) {
      return (await statOf(key)) !== null;
    },
    stat: statOf,
    async read(key, range) {
      const info = await statOf(key);
      if (!info) return null;
      return { ...info, stream: createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : undefined) };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries) {
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (!entry.isFile() || !isMediaKey(key)) continue; // temporary files of writes in flight
        const info = await statOf(key);
        if (info) yield { key, size: info.size };
      }
    },
    publicUrl(key) {
      return `${baseUrl}/${key}`;
    },
  };
}
