import { eq } from "drizzle-orm";
import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Viewer } from "#contracts/account";
import { testDatabase } from "../../test/database.ts";
import { addImage, addPeople } from "../../test/people-and-images.ts";
import { refusal } from "../../test/refusal.ts";
import { images, user } from "../db/schema.ts";
import { distinctImage } from "../media/test-images.ts";
import { startTestApp } from "../http/test-app.ts";

/**
 * The studio's services, called as the pages and the API call them: a creator edits and deletes
 * the images of their own page and no one else's (an admin may, and the audit log says so), and
 * sets the picture of their page.
 */

const database = await testDatabase();
const { db } = database;
const { services } = await startTestApp(database);
const media = services.media;

const [owner, stranger, admin, member] = await addPeople(db, 4);

/** `person` as a creator publishing under the creator page of image `imageId`, or under none. */
async function asCreator(person: Viewer, imageId?: number): Promise<Viewer> {
  const [image] = imageId ? await db.select({ creatorId: images.creatorId }).from(images).where(eq(images.id, imageId)) : [];
  const changes = { role: "creator" as const, creatorId: image?.creatorId ?? null };
  await db.update(user).set(changes).where(eq(user.id, person.id));
  return { ...person, ...changes };
}

const stored = async (key: string) => (await media.stat(key)) !== null;

describe("a creator's own images", () => {
  it("are edited by their creator: empty fields get the defaults, a new title new files; others are told the image does not exist", async () => {
    const id = await addImage(db, media, "Quiet Harbour");
    const creator = await asCreator(owner!, id);
    const other = await asCreator(stranger!);
    expect(await services.imageEdits.get(creator, id)).toMatchObject({ title: "Quiet Harbour" });
    const variantKeys = async () => (await db.select({ variants: images.variants }).from(images).where(eq(images.id, id)))[0]!.variants.map((v) => v.key);
    const before = await variantKeys();

    await services.imageEdits.update(creator, id, { title: "Harbour at Dawn", tags: "sea, boats, sea", category: "", description: "" });
    const after = await services.imageEdits.get(creator, id);
    expect(after).toMatchObject({ title: "Harbour at Dawn", slug: "harbour-at-dawn", tags: ["sea", "boats"], category: "General" });
    expect(after.description.length).toBeGreaterThan(0);
    // The files carry the title: new ones stored, the old ones gone.
    const relabelled = await variantKeys();
    expect(relabelled.filter((key) => before.includes(key))).toEqual([]);
    for (const key of relabelled) expect(await stored(key), key).toBe(true);
    for (const key of before) expect(await stored(key), key).toBe(false);

    await services.imageEdits.update(creator, id, { title: "", tags: "", category: "Nature", description: "Boats at rest." });
    expect(await services.imageEdits.get(creator, id)).toMatchObject({ title: "Untitled", tags: [], category: "Nature", description: "Boats at rest." });

    // Another creator, a member and a visitor: refused, and nothing changed.
    expect((await refusal(services.imageEdits.update(other, id, { title: "Mine now", tags: "", category: "", description: "" }))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.get(other, id))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.delete(other, id))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.get(member!, id))).code).toBe("FORBIDDEN");
    expect((await refusal(services.imageEdits.get(null, id))).code).toBe("UNAUTHENTICATED");
    expect((await services.imageEdits.get(creator, id)).title).toBe("Untitled");

    // "Your images" lists it for its creator only.
    expect((await services.imageEdits.studio(creator)).images.map((i) => i.id)).toContain(id);
    expect((await services.imageEdits.studio(other)).images.map((i) => i.id)).not.toContain(id);
  });

  it("are edited and deleted by an admin, each time in the audit log; deleted, their files go too", async () => {
    const id = await addImage(db, media, "Misty Forest");
    const boss = { ...(await asCreator(admin!)), role: "admin" as const };
    await db.update(user).set({ role: "admin" }).where(eq(user.id, boss.id));

    await services.imageEdits.update(boss, id, { title: "Misty Pines", tags: "forest", category: "Nature", description: "" });
    const [row] = await db.select({ originalKey: images.originalKey }).from(images).where(eq(images.id, id));
    await services.imageEdits.delete(boss, id);

    expect((await refusal(services.imageEdits.get(boss, id))).code).toBe("NOT_FOUND");
    expect(await stored(row!.originalKey)).toBe(false);
    const { entries } = await services.audit.recent(boss);
    const mine = entries.filter((e) => e.targetId === String(id)).map((e) => [e.action, e.actorLabel]);
    expect(mine).toEqual([
      ["image.delete", boss.email],
      ["image.edit", boss.email],
    ]);
  });
});

describe("a creator page's picture", () => {
  it("is any picture, cropped square to 256 px; a new one replaces the old file; a file that is no picture is refused with the reason", async () => {
    const creator = await asCreator((await addPeople(db, 1))[0]!);
    expect(await services.avatars.current(creator)).toBeNull();

    const first = await services.avatars.set(creator, Readable.from(await distinctImage(600, 400, 1)));
    expect(await services.avatars.current(creator)).toBe(first);
    const keyOf = (url: string) => url.slice(media.publicUrl("").length);
    const firstKey = keyOf(first);
    const picture = await media.read(firstKey);
    expect(picture).toBeTruthy();
    const chunks: Buffer[] = [];
    for await (const chunk of picture!.stream) chunks.push(chunk as Buffer);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    const second = await services.avatars.set(creator, Readable.from(await distinctImage(300, 300, 2, "png")));
    expect(second).not.toBe(first);
    expect(await services.avatars.current(creator)).toBe(second);
    expect(await stored(firstKey)).toBe(false);

    expect((await refusal(services.avatars.set(creator, Readable.from(Buffer.from("not a picture at all"))))).message).toMatch(/^Not an image file/);
    expect(await services.avatars.current(creator)).toBe(second);
    expect((await refusal(services.avatars.set(member!, Readable.from(await distinctImage(64, 64, 3))))).code).toBe("FORBIDDEN");
  });
});
