import { chmod, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { backupDatabase, restoreDatabase, type BackupManifest } from "../server/db/backup.ts";
import { openCliDatabase } from "../server/db/cli-database.ts";
import { createLogger } from "../server/logger.ts";
import { copyMedia } from "../server/media/copy-media.ts";
import { localDiskStorage } from "../server/media/local-disk-storage.ts";
import { createMediaStorage, type MediaStorage } from "../server/media/storage.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { commandConfig, progress, say } from "./output.ts";

const usage = `Usage:
  npm run backup -- <out-dir>            copy the database (one consistent snapshot) and its media files
  npm run backup -- --restore <dir>      load a backup into an empty database (e.g. a fresh DATA_DIR)

Works while the server runs.`;

async function emptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** Copies `keys` from one store to another, with a progress bar; returns the keys that were missing. */
async function copyWithProgress(keys: string[], from: MediaStorage, to: MediaStorage, label: string): Promise<string[]> {
  const bar = progress(label, keys.length, "files");
  let done = 0;
  return copyMedia(keys, from, to, () => bar.update(++done)).finally(() => bar.stop());
}

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;

/** Folders 0700 and files 0600 under `dir` (the media copied with the media store's own modes). */
async function restrictToOwner(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  await chmod(dir, OWNER_ONLY_DIR).catch(() => {});
  for (const entry of entries) await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? OWNER_ONLY_DIR : OWNER_ONLY_FILE);
}

await runCommand("backup", usage, async () => {
  const { positionals, values } = parseCommandLine({ allowPositionals: true, options: { restore: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(usage);
  const dir = values.restore ?? positionals[0];
  if (!dir || positionals.length > (values.restore ? 0 : 1)) throw new UsageError("Name one folder");
  const root = path.resolve(dir);
  const config = commandConfig();
  const log = createLogger("error", config.logFormat);
  const media = createMediaStorage(config);
  const backupMedia = localDiskStorage(path.join(root, "media"));

  if (values.restore) {
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(root, "backup.json"), "utf8")) as BackupManifest;
    } catch {
      throw new Error(`${root} is not a Stockroom backup (no readable backup.json)`);
    }
    const database = await openCliDatabase(config, log.info);
    try {
      const bar = progress("Database", Object.keys(manifest.tables).length, "tables");
      let done = 0;
      const keys: string[] = [];
      await restoreDatabase(database.pool, path.join(root, "db"), manifest, () => bar.update(++done), async () => {
        bar.stop();
        for await (const { key } of backupMedia.list()) keys.push(key);
        await copyWithProgress(keys, backupMedia, media, "Media");
      }).finally(() => bar.stop());
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      say(`restored ${rows} rows in ${done} tables and ${keys.length} media files from ${root}`);
    } finally {
      await database.close();
    }
    return;
  }

  if (!(await emptyOrMissing(root))) throw new Error(`${root} is not empty; choose a new folder for the backup`);
  // A backup holds every account's data: only its owner may read it, from the first byte.
  await mkdir(path.join(root, "db"), { recursive: true, mode: OWNER_ONLY_DIR });
  await chmod(root, OWNER_ONLY_DIR);
  const database = await openCliDatabase(config, log.info);
  try {
    const { manifest, mediaKeys } = await backupDatabase(database.pool, path.join(root, "db"), () => {});
    const missing = await copyWithProgress(mediaKeys, media, backupMedia, "Media");
    await writeFile(path.join(root, "backup.json"), JSON.stringify(manifest, null, 2), { mode: OWNER_ONLY_FILE });
    await restrictToOwner(path.join(root, "media"));
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    say(`backed up ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${mediaKeys.length - missing.length} media files to ${root}`);
    if (missing.length) say(`  ${missing.length} media files the database refers to were missing: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}`);
  } finally {
    await database.close();
  }
});
