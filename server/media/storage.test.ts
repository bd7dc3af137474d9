import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { startS3 } from "../../test/s3.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { mediaKey } from "./keys.ts";
import { localDiskStorage } from "./local-disk-storage.ts";
import { s3Storage } from "./s3-storage.ts";
import type { MediaStorage } from "./storage.ts";

const s3 = await startS3();

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream that yields `data` in small chunks, as a file or a network body does. */
function streamOf(data: Buffer, chunk = 64 * 1024): Readable {
  return Readable.from((function* () {
    for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk);
  })());
}

/** The same contract, one body, for every driver; `multipart` says which keys went up in parts, where that applies. */
describe.each<[string, () => MediaStorage, ((key: string) => boolean) | undefined]>([
  ["local disk", () => localDiskStorage(scratchDir("storage")), undefined],
  ["S3 (s3rver)", () => s3Storage(s3.settings), (key) => s3.multipartKeys.has(key)],
])("MediaStorage on %s", (_name, create, multipart) => {
  const storage = create();

  it("stores bytes under a key and gives them back, whole or as a byte range", async () => {
    const data = randomBytes(5000);
    const key = mediaKey("v", data, "webp", 640);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();

    await storage.put(key, data, "image/webp");
    if (multipart) expect(multipart(key)).toBe(false); // one part: a single PUT
    expect(await storage.has(key)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: 5000, contentType: "image/webp" });
    const whole = await storage.read(key);
    expect(whole).toMatchObject({ size: 5000, contentType: "image/webp" });
    expect((await bytesOf(whole!.stream)).equals(data)).toBe(true);

    const part = await storage.read(key, { start: 100, end: 199 });
    expect(part!.size).toBe(5000);
    expect((await bytesOf(part!.stream)).equals(data.subarray(100, 200))).toBe(true);
  });

  it("takes a stream, and stores a large one whole (multipart on S3)", async () => {
    const data = randomBytes(19 * 1024 * 1024 + 123); // three parts of 8 MiB on S3
    const key = mediaKey("o", data, "tif");
    await storage.put(key, streamOf(data), "image/tiff");
    if (multipart) expect(multipart(key)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: data.length, contentType: "image/tiff" });
    expect((await bytesOf((await storage.read(key))!.stream)).equals(data)).toBe(true);
    const tail = await storage.read(key, { start: data.length - 10, end: data.length - 1 });
    expect((await bytesOf(tail!.stream)).equals(data.subarray(data.length - 10))).toBe(true);
  });

  it("lists what it holds with sizes, and forgets what is deleted", async () => {
    const files = [randomBytes(10), randomBytes(20), randomBytes(30)];
    const keys = files.map((f, i) => mediaKey(i === 0 ? "a" : "v", f, "webp", i ? 320 : undefined));
    for (const [i, key] of keys.entries()) await storage.put(key, files[i]!, "image/webp");
    const listed = new Map<string, number>();
    for await (const { key, size } of storage.list()) listed.set(key, size);
    expect(keys.map((k) => listed.get(k))).toEqual([10, 20, 30]);

    await storage.delete(keys[1]!);
    expect(await storage.has(keys[1]!)).toBe(false);
    const after: string[] = [];
    for await (const { key } of storage.list()) after.push(key);
    expect(after).not.toContain(keys[1]);
    expect(after).toEqual(expect.arrayContaining([keys[0], keys[2]]));
    await storage.delete(keys[1]!); // deleting what is gone is fine
  });

  it("refuses keys that are not media keys, and never finds them", async () => {
    await expect(storage.put("../secrets/auth-secret", Buffer.from("x"), "text/plain")).rejects.toThrow(/Not a media key/);
    expect(await storage.stat("v/../../secrets")).toBeNull();
    expect(await storage.read("o/zz/nothing.png")).toBeNull();
  });
});

describe("check at start-up", () => {
  it("passes for a usable store, and names the setting when the bucket is missing or the keys are wrong", async () => {
    await expect(localDiskStorage(scratchDir("storage")).check()).resolves.toBeUndefined();
    await expect(s3Storage(s3.settings).check()).resolves.toBeUndefined();
    await expect(s3Storage({ ...s3.settings, bucket: "no-such-bucket" }).check()).rejects.toThrow(
      `Cannot use S3_BUCKET=no-such-bucket: no such bucket at ${s3.endpoint}`,
    );
    await expect(s3Storage({ ...s3.settings, credentials: { accessKeyId: "WRONG", secretAccessKey: "S3RVER" } }).check()).rejects.toThrow(
      "Cannot use S3_BUCKET=stockroom-media: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)",
    );
    await expect(s3Storage({ ...s3.settings, endpoint: "http://127.0.0.1:9" }).check()).rejects.toThrow(/^Cannot use S3_BUCKET=stockroom-media: .*ECONNREFUSED/);
  });
});

describe("publicUrl", () => {
  it("is this site's /media route, or under MEDIA_BASE_URL", () => {
    const key = mediaKey("v", Buffer.from("x"), "avif", 640);
    expect(localDiskStorage(scratchDir("storage")).publicUrl(key)).toBe(`/media/${key}`);
    expect(s3Storage(s3.settings, "https://cdn.example.com").publicUrl(key)).toBe(`https://cdn.example.com/${key}`);
  });
});
