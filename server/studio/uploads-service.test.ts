import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import type { UploadStatus } from "#contracts/studio";
import { testDatabase } from "../../test/database.ts";
import { pngClaiming } from "../media/test-images.ts";
import { startTestApp, TEST_BASE_URL } from "../http/test-app.ts";

/**
 * Files larger than the first megabyte, whose header is checked while they stream in
 * (media/received-image.ts): a refusal from the first megabyte still reaches the sender, and a
 * format whose header lies further on is checked from the whole file. Nothing refused is kept.
 */

const database = await testDatabase();
const { services, origin, signUp } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000", UPLOAD_MAX_MB: "8" });
const creator = await signUp("Nia Creator");
await services.accountAdmin.setRoleByEmail((await services.accounts.viewer(new Headers({ cookie: creator })))!.email, "creator");

function upload(file: Buffer, fileName: string) {
  return fetch(`${origin}/api/uploads`, {
    method: "POST",
    headers: { origin: TEST_BASE_URL, cookie: creator, "x-upload-fields": encodeURIComponent(JSON.stringify({ fileName })) },
    body: new Uint8Array(file),
  });
}

/** Staged uploads, and files still being received: what a refused upload must not leave. */
async function leftovers() {
  const staged: string[] = [];
  for await (const { key } of services.media.list()) if (key.startsWith("u/")) staged.push(key);
  const incoming = await readdir(path.join(services.config.dataDir, "incoming")).catch(() => []);
  return { staged, incoming };
}

/** The creator's uploads, once none is queued or being imported any more. */
async function settledUploads(): Promise<UploadStatus[]> {
  for (;;) {
    const { uploads } = (await (await fetch(`${origin}/api/uploads`, { headers: { cookie: creator } })).json()) as { uploads: UploadStatus[] };
    if (uploads.every((u) => u.status === "done" || u.status === "failed")) return uploads;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const MB = 1024 * 1024;

describe("uploads larger than their header", () => {
  it("refuses a picture over the pixel limit from its first megabyte, with the reason, and keeps nothing", async () => {
    const res = await upload(Buffer.concat([pngClaiming(12_000, 10_000), Buffer.alloc(5 * MB, 7)]), "huge.png");
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiErrorBody).error.message).toBe("The image is 12000 × 10000 (120 megapixels); the limit is 100 megapixels");
    expect(await leftovers()).toEqual({ staged: [], incoming: [] });
  });

  it("refuses a large file that is not an image, once it is whole, and keeps nothing", async () => {
    const res = await upload(Buffer.alloc(3 * MB, "not a picture "), "notes.txt");
    expect(res.status).toBe(415);
    expect(((await res.json()) as ApiErrorBody).error.message).toBe("Not an image file (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)");
    expect(await leftovers()).toEqual({ staged: [], incoming: [] });
  });

  it("takes a WebP whose header sharp reads only from the whole file, and stages it as sent", async () => {
    const noise = { type: "gaussian" as const, mean: 128, sigma: 60 };
    const webp = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: "#808080", noise } }).webp({ quality: 100 }).toBuffer();
    expect(webp.length).toBeGreaterThan(MB);
    const res = await upload(webp, "noise.webp");
    expect(res.status).toBe(202);
    expect(((await res.json()) as UploadStatus).status).toBe("queued");
    const { staged, incoming } = await leftovers();
    expect(incoming).toEqual([]);
    expect(staged).toHaveLength(1);
    const stored = await services.media.read(staged[0]!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(webp)).toBe(true);
  });
});

describe("an upload's import", () => {
  it("fails a file damaged after its header with the reason, and leaves no copy of it on the disk", async () => {
    // The job queue takes uploads from here on (the tests above look at what is staged before any import).
    await services.uploads.work();
    const noise = { type: "gaussian" as const, mean: 128, sigma: 60 };
    const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#808080", noise } }).jpeg({ quality: 95 }).toBuffer();
    const res = await upload(jpeg.subarray(0, Math.round(jpeg.length * 0.6)), "cut-short.jpg");
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as UploadStatus;
    const failed = (await settledUploads()).find((u) => u.id === id);
    expect(failed).toMatchObject({ status: "failed", image: null });
    expect(failed!.reason).toMatch(/^The image file is damaged and cannot be read/);
    // The job's copy of the staged file (DATA_DIR/importing) is gone with the staged file itself.
    expect(await readdir(path.join(services.config.dataDir, "importing"))).toEqual([]);
    expect((await leftovers()).staged).toEqual([]);
  });
});
