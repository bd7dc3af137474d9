import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { startS3 } from "../test/s3.ts";
import { scratchDir } from "../test/scratch-dir.ts";
import { mediaKey } from "../server/media/keys.ts";
import { localDiskStorage } from "../server/media/local-disk-storage.ts";
import { s3Storage } from "../server/media/s3-storage.ts";

const s3 = await startS3();
const dataDir = scratchDir("media-migrate");
const local = localDiskStorage(path.join(dataDir, "media"));
const bucket = s3Storage(s3.settings);

/** Runs `npm run media:migrate` as an operator would: only their shell's variables and the S3 settings. */
async function migrate(env: Record<string, string> = s3.env): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["node_modules/tsx/dist/cli.mjs", "cli/media-migrate.ts"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function bytesIn(key: string): Promise<Buffer | undefined> {
  const file = await bucket.read(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("npm run media:migrate", () => {
  it("copies DATA_DIR/media into the bucket, and carries on after an interruption", async () => {
    const files = Array.from({ length: 5 }, (_, i) => randomBytes(1000 * (i + 1)));
    const keys = files.map((f, i) => mediaKey("v", f, "webp", 320 + i));
    for (const [i, key] of keys.entries()) await local.put(key, files[i]!, "image/webp");

    const first = await migrate();
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^copied 5 files \(0\.0 MB\) from .* to s3:\/\/stockroom-media at http:\/\/127\.0\.0\.1:\d+; 0 were there already\n$/);
    for (const [i, key] of keys.entries()) expect((await bytesIn(key))?.equals(files[i]!)).toBe(true);
    const stored = await bucket.stat(keys[0]!);
    expect(stored).toEqual({ size: 1000, contentType: "image/webp" });

    // As if a run had stopped midway: one file never arrived, one arrived cut short; two new ones since.
    await bucket.delete(keys[1]!);
    await bucket.put(keys[2]!, files[2]!.subarray(0, 10), "image/webp");
    const added = [randomBytes(700), randomBytes(800)];
    const addedKeys = added.map((f) => mediaKey("o", f, "png"));
    for (const [i, key] of addedKeys.entries()) await local.put(key, added[i]!, "image/png");

    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^copied 4 files .*; 3 were there already\n$/);
    for (const [i, key] of keys.entries()) expect((await bytesIn(key))?.equals(files[i]!)).toBe(true);
    for (const [i, key] of addedKeys.entries()) expect((await bytesIn(key))?.equals(added[i]!)).toBe(true);
    expect(await bucket.stat(addedKeys[0]!)).toEqual({ size: 700, contentType: "image/png" });

    expect((await migrate()).stdout).toMatch(/^copied 0 files \(0\.0 MB\) .*; 7 were there already\n$/);
  }, 120_000); // three command processes, each a Node start: up to ~10 s apiece on a loaded 2-core machine

  it("says what to set when no bucket is configured", async () => {
    const run = await migrate({});
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^media:migrate: Set S3_BUCKET /);
    expect(run.stderr).toContain("Usage:\n  npm run media:migrate");
  });
});
