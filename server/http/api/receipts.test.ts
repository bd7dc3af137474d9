import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import { LICENSE } from "#contracts/license";
import type { Receipt, ReceiptPage } from "#contracts/receipts";
import { testDatabase } from "../../../test/database.ts";
import { cookiesFrom } from "../../auth/test-accounts.ts";
import { downloadReceipts, images, user } from "../../db/schema.ts";
import { addImage } from "../../../test/people-and-images.ts";
import { startTestApp, TEST_BASE_URL } from "../test-app.ts";

/**
 * License receipts over HTTP: each signed-in download leaves one that states the exact bytes
 * delivered, readable by its owner alone.
 */

const database = await testDatabase();
const { db } = database;
const { services, call } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000" });

let accounts = 0;
async function signUp(): Promise<{ cookies: string; id: string }> {
  const n = ++accounts;
  const res = await call("POST", "/api/auth/sign-up/email", {
    json: { name: `Person ${n}`, email: `receipts${n}@example.test`, password: "a long enough passphrase" },
  });
  expect(res.status).toBe(200);
  return { cookies: cookiesFrom(res.headers), id: ((await res.json()) as { user: { id: string } }).user.id };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function downloaded(id: number, cookies: string, size: string): Promise<Buffer> {
  const res = await call("GET", `/api/images/${id}/download?size=${size}`, { cookies });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function receipts(cookies: string, query = ""): Promise<ReceiptPage> {
  const res = await call("GET", `/api/me/receipts${query}`, { cookies });
  expect(res.status).toBe(200);
  return (await res.json()) as ReceiptPage;
}

let alice: { cookies: string; id: string };
let bob: { cookies: string; id: string };
let image: number;
beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  image = await addImage(db, services.media, "Harbour Lights", { width: 1500, height: 1000 });
});

describe("receipts of downloads", () => {
  it("state the image, creator, size, the SHA-256 of the bytes delivered and the license in force, newest first", async () => {
    const small = await downloaded(image, alice.cookies, "small");
    const original = await downloaded(image, alice.cookies, "original");
    // Each one is there as soon as its file has arrived.
    const { items, nextCursor } = await receipts(alice.cookies);
    expect(nextCursor).toBeNull();
    expect(items).toHaveLength(2);
    const [newest, older] = items as [Receipt, Receipt];
    expect(newest).toMatchObject({ imageId: image, imageTitle: "Harbour Lights", size: "original", width: 1500, height: 1000, bytes: original.length, sha256: sha256(original) });
    expect(older).toMatchObject({ size: "small", bytes: small.length, sha256: sha256(small) });
    const meta = await sharp(small).metadata();
    expect([older.width, older.height]).toEqual([meta.width, meta.height]);
    expect(newest.creator).toBeTruthy();
    expect(newest.license).toEqual({ version: LICENSE.version, date: LICENSE.date, url: `${TEST_BASE_URL}/license` });

    const one = await call("GET", `/api/me/receipts/${newest.id}`, { cookies: alice.cookies });
    expect(await one.json()).toEqual(newest);
  });

  it("keep what was true when the file was delivered, whatever changes later", async () => {
    const id = await addImage(db, services.media, "Old Name", { width: 800, height: 600 });
    await downloaded(id, alice.cookies, "original");
    await db.update(images).set({ title: "New Name" }).where(eq(images.id, id));
    const [latest] = (await receipts(alice.cookies, "?limit=1")).items;
    expect(latest).toMatchObject({ imageId: id, imageTitle: "Old Name" });
  });

  it("are paged with a cursor, newest first, without repeating or skipping one", async () => {
    const all = (await receipts(alice.cookies, "?limit=100")).items.map((r) => r.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: number[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: ReceiptPage = await receipts(alice.cookies, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
  });

  it("are their owner's alone: another person gets 404, an anonymous visitor 401", async () => {
    const [mine] = (await receipts(alice.cookies)).items;
    const theirs = await call("GET", `/api/me/receipts/${mine!.id}`, { cookies: bob.cookies });
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as ApiErrorBody).error.code).toBe("NOT_FOUND");
    expect((await receipts(bob.cookies)).items).toEqual([]);
    expect((await call("GET", `/api/me/receipts/${mine!.id}`)).status).toBe(401);
    expect((await call("GET", "/api/me/receipts")).status).toBe(401);
    const bad = await call("GET", "/api/me/receipts?cursor=abc", { cookies: alice.cookies });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.field).toBe("cursor");
  });

  it("are not written for a HEAD, and go with the account", async () => {
    const carol = await signUp();
    await call("HEAD", `/api/images/${image}/download`, { cookies: carol.cookies });
    expect((await receipts(carol.cookies)).items).toEqual([]);
    await downloaded(image, carol.cookies, "medium");
    expect((await receipts(carol.cookies)).items).toHaveLength(1);
    await db.delete(user).where(eq(user.id, carol.id));
    expect(await db.select().from(downloadReceipts).where(eq(downloadReceipts.userId, carol.id))).toEqual([]);
  });
});
