import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3 } from "../../test/s3.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { localDiskStorage } from "../media/local-disk-storage.ts";
import { createHiddenMedia } from "../media/hidden-media.ts";
import { mediaKey } from "../media/keys.ts";
import { s3Storage } from "../media/s3-storage.ts";
import type { MediaStorage } from "../media/storage.ts";
import { solidImage } from "../media/test-images.ts";
import { mediaRouter } from "./media.ts";

const s3 = await startS3();

/** The same route, the same answers, whichever storage holds the files. */
describe.each<[string, () => MediaStorage]>([
  ["local disk", () => localDiskStorage(scratchDir("media"))],
  ["S3 (s3rver)", () => s3Storage(s3.settings)],
])("GET /media/{key} from %s", (_name, create) => {
  const storage = create();
  let base = "";
  let file: Buffer;
  let key: string;
  let close: () => void;

  beforeAll(async () => {
    file = await solidImage(64, 48, "#123456");
    key = mediaKey("v", file, "png", 64);
    await storage.put(key, file, "image/png");
    const app = express();
    app.use("/media", mediaRouter(storage, createHiddenMedia({ repository: { hiddenVariantKeys: async () => [] }, changes: undefined }), async () => false));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("serves the file with its type, cacheable forever, with a strong ETag", async () => {
    const res = await fetch(base + key);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get("content-length")).toBe(String(file.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);

    const head = await fetch(base + key, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(file.length));
  });

  it("answers 304 when the browser already has it", async () => {
    const etag = (await fetch(base + key)).headers.get("etag")!;
    const res = await fetch(base + key, { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
  });

  it("serves byte ranges", async () => {
    const res = await fetch(base + key, { headers: { Range: "bytes=10-19" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 10-19/${file.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(10, 20))).toBe(true);

    const tail = await fetch(base + key, { headers: { Range: "bytes=-5" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(file.length - 5))).toBe(true);
  });

  it("answers 416 for a range past the end", async () => {
    const res = await fetch(base + key, { headers: { Range: `bytes=${file.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${file.length}`);
  });

  it("answers 404 with a JSON error for unknown keys and for paths outside the store", async () => {
    for (const bad of [key.replace(/-64\.png$/, "-65.png"), "..%2F..%2Fetc%2Fpasswd", "v%2F..%2F..%2Fsecrets%2Fauth-secret", "v/ab/..%2F..%2F..%2Fsecrets%2Fauth-secret", "o/zz/nothing.png"]) {
      const res = await fetch(base + bad);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
  });
});

describe("GET /media/{key} while the bucket is away", () => {
  it("answers 503 with Retry-After in the API's error shape, then the file once the bucket is back", async () => {
    const bucket = await startS3();
    const storage = s3Storage(bucket.settings);
    const file = await solidImage(32, 24, "#654321");
    const key = mediaKey("v", file, "png", 32);
    await storage.put(key, file, "image/png");
    const app = express();
    app.use("/media", mediaRouter(storage, createHiddenMedia({ repository: { hiddenVariantKeys: async () => [] }, changes: undefined }), async () => false));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/${key}`;
    try {
      expect((await fetch(url)).status).toBe(200);
      await bucket.stop();
      const away = await fetch(url);
      expect(away.status).toBe(503);
      expect(Number(away.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await away.json()).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE", message: expect.stringContaining("media storage") } });
      await bucket.restart();
      const back = await fetch(url);
      expect(back.status).toBe(200);
      expect(Buffer.from(await back.arrayBuffer())).toEqual(file);
    } finally {
      server.close();
    }
  });
});
