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
import { readCredentials } from "../credentials/reader.ts";

/**
 * The studio's services, called as the pages and the API call them: a creator edits and deletes
 * the images of their own page and no one else's (an admin may, and the audit log says so), and
 * sets the picture of their page.
 */

const database = await testDatabase();
const { db } = database;
const app = await startTestApp(database);
const { services } = app;
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

    await services.imageEdits.update(creator, id, { title: "Harbour at Dawn", tags: "sea, boats, sea", category: "", description: "", model: "", prompt: "" });
    const after = await services.imageEdits.get(creator, id);
    expect(after).toMatchObject({ title: "Harbour at Dawn", slug: "harbour-at-dawn", tags: ["sea", "boats"], category: "General" });
    expect(after.description.length).toBeGreaterThan(0);
    // The files carry the title: new ones stored, the old ones gone.
    const relabelled = await variantKeys();
    expect(relabelled.filter((key) => before.includes(key))).toEqual([]);
    for (const key of relabelled) expect(await stored(key), key).toBe(true);
    for (const key of before) expect(await stored(key), key).toBe(false);

    await services.imageEdits.update(creator, id, { title: "", tags: "", category: "Nature", description: "Boats at rest.", model: "", prompt: "" });
    expect(await services.imageEdits.get(creator, id)).toMatchObject({ title: "Untitled", tags: [], category: "Nature", description: "Boats at rest.", model: "", prompt: "" });

    // Another creator, a member and a visitor: refused, and nothing changed.
    expect((await refusal(services.imageEdits.update(other, id, { title: "Mine now", tags: "", category: "", description: "", model: "", prompt: "" }))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.get(other, id))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.delete(other, id))).code).toBe("NOT_FOUND");
    expect((await refusal(services.imageEdits.get(member!, id))).code).toBe("FORBIDDEN");
    expect((await refusal(services.imageEdits.get(null, id))).code).toBe("UNAUTHENTICATED");
    expect((await services.imageEdits.get(creator, id)).title).toBe("Untitled");

    // "Your images" lists it for its creator only.
    expect((await services.imageEdits.studio(creator)).images.map((i) => i.id)).toContain(id);
    expect((await services.imageEdits.studio(other)).images.map((i) => i.id)).not.toContain(id);
  });

  it("have their model and prompt edited: the downloads are made again and their Content Credentials name the new model", async () => {
    await services.imports.importItem({ source: "test", sourceId: "studio-model", title: "Lighthouse", creator: "Model Maker", howMade: { model: "FLUX.1 [dev]" }, file: () => distinctImage(400, 300, 77) });
    const [row] = await db.select({ id: images.id }).from(images).where(eq(images.sourceId, "studio-model"));
    const id = row!.id;
    const creator = await asCreator(owner!, id);
    const cookies = await app.signUp("Downloader");
    const modelOfDownload = async () => {
      const res = await app.call("GET", `/api/images/${id}/download?size=small`, { cookies });
      expect(res.status).toBe(200);
      const { manifest } = await readCredentials(Buffer.from(await res.arrayBuffer()));
      const actions = (manifest?.assertions as Array<{ label: string; data: { actions: Array<{ action: string; softwareAgent?: { name: string } }> } }>).find((a) => a.label.startsWith("c2pa.actions"))!.data.actions;
      return actions.find((a) => a.action === "c2pa.created")!.softwareAgent?.name ?? null;
    };
    expect(await services.imageEdits.get(creator, id)).toMatchObject({ model: "FLUX.1 [dev]", prompt: "" });
    expect(await modelOfDownload()).toBe("FLUX.1 [dev]");
    const fields = { title: "Lighthouse", tags: "", category: "", description: "" };

    await services.imageEdits.update(creator, id, { ...fields, model: "Imagen 4", prompt: "A lighthouse at dusk, long exposure" });
    expect(await services.imageEdits.get(creator, id)).toMatchObject({ title: "Lighthouse", model: "Imagen 4", prompt: "A lighthouse at dusk, long exposure" });
    expect(await modelOfDownload()).toBe("Imagen 4");
    expect((await services.catalog.get(id))!.howMade).toMatchObject({ model: "Imagen 4", prompt: "A lighthouse at dusk, long exposure" });

    // Emptied, the model is gone from the image and from its downloads.
    await services.imageEdits.update(creator, id, { ...fields, model: "", prompt: "" });
    expect(await services.imageEdits.get(creator, id)).toMatchObject({ model: "", prompt: "" });
    expect(await modelOfDownload()).toBe(null);
  });

  it("are edited and deleted by an admin, each time in the audit log; deleted, their files go too", async () => {
    const id = await addImage(db, media, "Misty Forest");
    const boss = { ...(await asCreator(admin!)), role: "admin" as const };
    await db.update(user).set({ role: "admin" }).where(eq(user.id, boss.id));

    await services.imageEdits.update(boss, id, { title: "Misty Pines", tags: "forest", category: "Nature", description: "", model: "", prompt: "" });
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
