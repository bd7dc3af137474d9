import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabase } from "../test/database.ts";
import { testImportService } from "../test/people-and-images.ts";
import { createDemoCatalog } from "../server/catalog/demo/demo-catalog.ts";
import { createDemoRepository } from "../server/catalog/demo/demo-repository.ts";
import { creators, images, imageTags, tags } from "../server/db/schema.ts";
import { localDiskStorage } from "../server/media/local-disk-storage.ts";

const run = promisify(execFile);
const source = await testDatabase();
const target = await testDatabase();
const work = mkdtempSync(path.join(tmpdir(), "stockroom-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run backup -- …` against a database and DATA_DIR of the test's own. */
function backup(databaseUrl: string, dataDir: string, ...args: string[]) {
  return run(process.execPath, ["cli/backup.ts", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, BASE_URL: "http://127.0.0.1" },
  });
}

async function catalogOf(db: typeof source.db) {
  return {
    images: await db.select().from(images).orderBy(images.id),
    creators: await db.select().from(creators).orderBy(creators.id),
    tags: await db.select().from(tags).orderBy(tags.id),
    imageTags: await db.select().from(imageTags).orderBy(imageTags.imageId, imageTags.tagId),
  };
}

describe("npm run backup", () => {
  it("copies the database and its media, and restores them into an empty installation", async () => {
    const dataDir = path.join(work, "site");
    const imports = testImportService(source.db, localDiskStorage(path.join(dataDir, "media")));
    await createDemoCatalog({ imports, repository: createDemoRepository(source.db) }).seed({ count: 3 });

    const out = path.join(work, "backup");
    const made = await backup(source.url, dataDir, out);
    expect(made.stdout).toMatch(/backed up \d+ rows in \d+ tables and \d+ media files to /);
    // Only the owner may read a backup: every folder 0700, every file 0600.
    const modes = readdirSync(out, { recursive: true, withFileTypes: true }).map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(out, file), statSync(file).mode & 0o777, entry.isDirectory()] as const;
    });
    expect(statSync(out).mode & 0o777).toBe(0o700);
    expect(modes.filter(([, , dir]) => !dir).length).toBeGreaterThan(5);
    expect(modes.filter(([, mode, dir]) => mode !== (dir ? 0o700 : 0o600))).toEqual([]);

    const restoredDir = path.join(work, "restored");
    const restored = await backup(target.url, restoredDir, "--restore", out);
    expect(restored.stdout).toMatch(/restored \d+ rows in \d+ tables and \d+ media files from /);

    const before = await catalogOf(source.db);
    expect(await catalogOf(target.db)).toEqual(before);
    const media = localDiskStorage(path.join(restoredDir, "media"));
    for (const image of before.images) {
      for (const key of [image.originalKey, ...image.variants.map((v) => v.key)]) expect(await media.has(key)).toBe(true);
    }
    expect(before.creators.every((c) => c.avatarKey && existsSync(path.join(restoredDir, "media", c.avatarKey)))).toBe(true);

    // New rows continue after the restored ids.
    const [tag] = await target.db.insert(tags).values({ name: "after restore" }).returning();
    expect(tag!.id).toBeGreaterThan(Math.max(...before.tags.map((t) => t.id)));

    // A second restore is refused: the database is no longer empty.
    await expect(backup(target.url, restoredDir, "--restore", out)).rejects.toMatchObject({
      stderr: expect.stringContaining("The database is not empty"),
    });
  }, 120_000);
});
