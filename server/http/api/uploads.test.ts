import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import { uploadStatus, type UploadStatus } from "#contracts/studio";
import { testDatabase } from "../../../test/database.ts";
import { refusal } from "../../../test/refusal.ts";
import { cookiesFrom } from "../../auth/test-accounts.ts";
import { auditLog, creators, images, likes, uploads, user } from "../../db/schema.ts";
import { bytesOf } from "../../media/download.ts";
import { distinctImage, pngClaiming } from "../../media/test-images.ts";
import { startTestApp, TEST_BASE_URL } from "../test-app.ts";

/**
 * Uploads as a browser sends them (one request per file, the fields in a header), the job queue
 * importing them, and creators owning their images: only their own, admins any (audited),
 * deleting takes likes along and keeps the counts exact.
 */

const database = await testDatabase();
const { db } = database;
const { services, call, origin } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000", UPLOAD_MAX_MB: "1" });
await services.uploads.work();

let people = 0;
/** A new account with `role`, signed in: its cookies and the viewer the services see. */
async function person(role: "member" | "creator" | "admin", name = `Person ${people + 1}`) {
  const n = ++people;
  const email = `person${n}@example.test`;
  const res = await call("POST", "/api/auth/sign-up/email", { json: { name, email, password: "a long enough passphrase" } });
  expect(res.status).toBe(200);
  if (role !== "member") await services.accountAdmin.setRoleByEmail(email, role);
  const cookies = cookiesFrom(res.headers);
  const viewer = async () => (await services.accounts.viewer(new Headers({ cookie: cookies })))!;
  return { cookies, viewer };
}

function upload(cookies: string | undefined, file: Buffer, fields: Record<string, string> = {}) {
  return fetch(`${origin}/api/uploads`, {
    method: "POST",
    headers: {
      origin: TEST_BASE_URL,
      ...(cookies ? { cookie: cookies } : {}),
      "content-type": "application/octet-stream",
      "x-upload-fields": encodeURIComponent(JSON.stringify({ fileName: "picture.jpg", ...fields })),
    },
    body: new Uint8Array(file),
  });
}

async function errorOf(res: Response) {
  return ((await res.json()) as ApiErrorBody).error;
}

/** Staged files and upload rows: what a refused upload must not leave. */
async function leftovers() {
  const staged: string[] = [];
  for await (const { key } of services.media.list()) if (key.startsWith("u/")) staged.push(key);
  const [rows] = await db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  return { staged, rows: rows!.n };
}

/** Waits until the upload is done or failed. */
async function finished(cookies: string, id: string): Promise<UploadStatus> {
  for (;;) {
    const res = await call("GET", "/api/uploads", { cookies });
    const found = ((await res.json()) as { uploads: UploadStatus[] }).uploads.find((u) => u.id === id)!;
    if (found.status === "done" || found.status === "failed") return found;
    await sleep(100);
  }
}

describe("POST /api/uploads", () => {
  it("refuses visitors (401) and members (403), and leaves nothing", async () => {
    const file = await distinctImage(64, 48, 1);
    const anonymous = await upload(undefined, file);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe("UNAUTHENTICATED");
    const member = await upload((await person("member")).cookies, file);
    expect(member.status).toBe(403);
    expect(await errorOf(member)).toEqual({ code: "FORBIDDEN", message: "Only creators and admins can do this" });
    expect(await leftovers()).toEqual({ staged: [], rows: 0 });
  });

  it("refuses a file that is not an image, one over 100 megapixels and one over UPLOAD_MAX_MB, with the reason, and leaves nothing", async () => {
    const { cookies } = await person("creator");
    const text = await upload(cookies, Buffer.from("just some words, not a picture"), { fileName: "notes.txt" });
    expect(text.status).toBe(415);
    expect((await errorOf(text)).message).toBe("Not an image file (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)");
    const huge = await upload(cookies, pngClaiming(12_000, 10_000));
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).message).toBe("The image is 12000 × 10000 (120 megapixels); the limit is 100 megapixels");
    const heavy = await upload(cookies, Buffer.alloc(1024 * 1024 + 1));
    expect(heavy.status).toBe(413);
    expect((await errorOf(heavy)).message).toBe("The file is too large (at most 1 MB)");
    expect(await leftovers()).toEqual({ staged: [], rows: 0 });
  });

  it("answers at once, imports in the background under the uploader's own creator page, and refuses a duplicate with its reason", async () => {
    // A creator page of the same name from an import is not taken over.
    await db.insert(creators).values({ name: "Ada" });
    const ada = await person("creator", "Ada");
    const res = await upload(ada.cookies, await distinctImage(320, 200, 7), {
      title: "Harbour at Dusk",
      tags: "sea, boats",
      category: "Travel",
      model: "Flux 1.1",
      prompt: "a harbour at dusk",
    });
    expect(res.status).toBe(202);
    const queued = (await res.json()) as UploadStatus;
    expect(queued).toMatchObject({ fileName: "picture.jpg", status: "queued", image: null });
    // The answer is what the contract (and the OpenAPI document) says, nothing more.
    expect(uploadStatus.parse(queued)).toEqual(queued);
    const done = await finished(ada.cookies, queued.id);
    expect(done).toMatchObject({ status: "done", reason: null, image: { title: "Harbour at Dusk", slug: "harbour-at-dusk" } });
    const [linked] = await db.select({ name: creators.name }).from(user).innerJoin(creators, eq(creators.id, user.creatorId)).where(eq(user.id, (await ada.viewer()).id));
    expect(linked!.name).toBe("Ada (2)");
    const detail = await services.catalog.get(done.image!.id);
    expect(detail).toMatchObject({ title: "Harbour at Dusk", category: "Travel", tags: ["sea", "boats"], creator: { name: "Ada (2)" } });
    expect((await leftovers()).staged).toEqual([]);

    const again = (await (await upload(ada.cookies, await distinctImage(320, 200, 7))).json()) as UploadStatus;
    expect(await finished(ada.cookies, again.id)).toMatchObject({
      status: "failed",
      reason: `The same picture as image ${done.image!.id} is already in the catalog`,
      failure: { code: "duplicate", values: { image: done.image!.id } },
      image: null,
    });
    expect((await leftovers()).staged).toEqual([]);
  });
});

describe("creators' own images", () => {
  async function uploaded(cookies: string, seed: number): Promise<number> {
    const queued = (await (await upload(cookies, await distinctImage(200, 200, seed), { title: `Picture ${seed}` })).json()) as UploadStatus;
    return (await finished(cookies, queued.id)).image!.id;
  }

  it("lets the creator edit and delete their own images, other creators not at all, admins any (audited)", async () => {
    const owner = await person("creator");
    const other = await person("creator");
    const admin = await person("admin");
    const id = await uploaded(owner.cookies, 11);
    const edit = { title: "", tags: "fog, hills", category: "", description: "", model: "", prompt: "" };

    expect((await refusal(services.imageEdits.update(await other.viewer(), id, edit))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.delete(await other.viewer(), id))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.update(null, id, edit))).code).toBe("UNAUTHENTICATED");

    await services.imageEdits.update(await owner.viewer(), id, edit);
    expect(await services.imageEdits.get(await owner.viewer(), id)).toMatchObject({
      title: "Untitled",
      category: "General",
      tags: ["fog", "hills"],
      description: "This image features fog and hills, and is free to use for any purpose.",
    });
    const imageEntries = () => db.select({ action: auditLog.action, targetId: auditLog.targetId }).from(auditLog).where(eq(auditLog.targetType, "image"));
    expect(await imageEntries()).toEqual([]);

    await services.imageEdits.update(await admin.viewer(), id, { ...edit, title: "Fog over the hills" });
    expect((await services.catalog.get(id))!.title).toBe("Fog over the hills");
    expect(await imageEntries()).toEqual([{ action: "image.edit", targetId: String(id) }]);
  });

  it("deletes an image with its likes and files, and the creator's totals stay exact", async () => {
    const owner = await person("creator");
    const fan = await person("member");
    const kept = await uploaded(owner.cookies, 21);
    const gone = await uploaded(owner.cookies, 22);
    for (const id of [kept, gone]) await services.likes.like(await fan.viewer(), id);
    const [before] = await db.select({ originalKey: images.originalKey }).from(images).where(eq(images.id, gone));

    await services.imageEdits.delete(await owner.viewer(), gone);
    expect(await db.select().from(images).where(eq(images.id, gone))).toEqual([]);
    expect(await db.select({ imageId: likes.imageId }).from(likes).where(eq(likes.userId, (await fan.viewer()).id))).toEqual([{ imageId: kept }]);
    expect(await services.media.has(before!.originalKey)).toBe(false);
    const name = (await services.catalog.get(kept))!.creator.name;
    const page = await services.catalog.creator(name, { limit: 10 });
    expect(page).toMatchObject({ uploads: 1, likes: 1 });
    expect((await services.imageEdits.studio(await owner.viewer())).images.map((i) => i.id)).toEqual([kept]);
  });
});

describe("PUT /api/me/avatar", () => {
  const putAvatar = (cookies: string, body: Buffer) =>
    fetch(`${origin}/api/me/avatar`, { method: "PUT", headers: { origin: TEST_BASE_URL, cookie: cookies, "content-type": "application/octet-stream" }, body: new Uint8Array(body) });

  it("gives the creator page a square avatar, replaces it, and refuses members and non-images", async () => {
    const maker = await person("creator", "Avery Maker");
    const first = await putAvatar(maker.cookies, await distinctImage(300, 200, 31));
    expect(first.status).toBe(200);
    const { avatarUrl } = (await first.json()) as { avatarUrl: string };
    // (A creator page is shown once it has images; its avatar is the one stored.)
    const avatarOf = async () => services.media.publicUrl((await db.select({ key: creators.avatarKey }).from(creators).where(eq(creators.name, "Avery Maker")))[0]!.key!);
    expect(await avatarOf()).toBe(avatarUrl);
    const stored = await services.media.read(avatarUrl.replace(/^\/media\//, ""));
    const { width, height } = await sharp(await bytesOf(stored!.stream)).metadata();
    expect([width, height]).toEqual([256, 256]);

    const second = (await (await putAvatar(maker.cookies, await distinctImage(200, 300, 32))).json()) as { avatarUrl: string };
    expect(second.avatarUrl).not.toBe(avatarUrl);
    expect(await services.media.has(avatarUrl.replace(/^\/media\//, ""))).toBe(false);

    const text = await putAvatar(maker.cookies, Buffer.from("no picture"));
    expect(text.status).toBe(415);
    expect(await avatarOf()).toBe(second.avatarUrl);
    expect((await putAvatar((await person("member")).cookies, await distinctImage(50, 50, 33))).status).toBe(403);
  });
});

describe("an upload whose account is deleted before it is processed", () => {
  it("leaves no file behind", async () => {
    const key = "u/ab/" + "ab".padEnd(64, "0") + ".upload";
    await services.media.put(key, Buffer.from("staged"), "application/octet-stream");
    await services.uploads.process({ uploadId: "00000000-0000-4000-8000-000000000000", stagedKey: key }, { last: false });
    expect(await services.media.has(key)).toBe(false);
  });
});

