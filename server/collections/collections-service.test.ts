import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "#contracts/account";
import { COMMAND_LINE } from "../access/actor.ts";
import { testDatabase } from "../../test/database.ts";
import { refusal } from "../../test/refusal.ts";
import { unzip } from "../../test/unzip.ts";
import { catalogService } from "../catalog/test-fixtures.ts";
import { collectionImages, collections, downloadReceipts, images, user } from "../db/schema.ts";
import { createDownloadsRepository } from "../engagement/downloads-repository.ts";
import { createDownloadsService } from "../engagement/downloads-service.ts";
import { createReportsRepository } from "../engagement/reports-repository.ts";
import { createReportsService } from "../engagement/reports-service.ts";
import { addImage, addPeople, scratchMedia } from "../../test/people-and-images.ts";
import { bytesOf } from "../media/download.ts";
import { createImageFiles } from "../media/image-files.ts";
import { createMediaRepository } from "../media/media-repository.ts";
import { TEST_IMAGING, TEST_LICENSE_URL } from "../media/test-images.ts";
import { createReceiptsRepository } from "../receipts/receipts-repository.ts";
import { createReceiptsService } from "../receipts/receipts-service.ts";
import { createCollectionsRepository } from "./collections-repository.ts";
import { createCollectionsService } from "./collections-service.ts";
import { listCursor, type ListPosition } from "#contracts/catalog";

const { db } = await testDatabase();
const media = scratchMedia();
const catalog = catalogService(db);
const receipts = createReceiptsService({ receipts: createReceiptsRepository(db), baseUrl: "http://stockroom.test" });
const files = createImageFiles({ media, repository: createMediaRepository(db), licenseUrl: TEST_LICENSE_URL, imaging: TEST_IMAGING });
const downloads = createDownloadsService({ downloads: createDownloadsRepository(db), files: files.downloads, receipts });
const LIMITS = { collections: 4, images: 3 };
const service = createCollectionsService({ collections: createCollectionsRepository(db), catalog, downloads, limits: LIMITS });
const moderation = createReportsService({ reports: createReportsRepository(db), secret: "test-secret" });
const firstPage = { limit: 30 };

async function downloadCounts(ids: number[]): Promise<Record<number, number>> {
  const rows = await db.select({ id: images.id, downloads: images.downloads }).from(images).where(inArray(images.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.downloads]));
}

let alice: Viewer;
let bob: Viewer;
let harbour: number;
let dunes: number;
let lanterns: number;
beforeAll(async () => {
  [alice, bob] = (await addPeople(db, 2)) as [Viewer, Viewer];
  harbour = await addImage(db, media, "Quiet Harbour");
  dunes = await addImage(db, media, "Golden Dunes");
  lanterns = await addImage(db, media, "Paper Lanterns");
});

describe("a person's collections", () => {
  it("are created private unless asked otherwise, and listed newest first with their count, covers and page", async () => {
    const trips = await service.create(alice, { name: "Trips", isPublic: false });
    const walls = await service.create(alice, { name: "Wall art: 2025!", isPublic: true });
    expect(trips).toMatchObject({ name: "Trips", isPublic: false, imageCount: 0, covers: [], path: `/collections/${trips.id}-trips` });
    expect(walls.path).toBe(`/collections/${walls.id}-wall-art-2025`);
    await service.addImage(alice, trips.id, harbour);
    await service.addImage(alice, trips.id, dunes);

    const { items } = await service.list(alice);
    expect(items.map((c) => c.name)).toEqual(["Wall art: 2025!", "Trips"]);
    expect(items[1]).toMatchObject({ imageCount: 2, covers: [{ id: dunes }, { id: harbour }] });
    expect(items[1]!.hasImage).toBeUndefined();
    const asked = await service.list(alice, harbour);
    expect(asked.items.map((c) => c.hasImage)).toEqual([false, true]);
    expect((await service.list(bob)).items).toEqual([]);
    await service.delete(alice, trips.id);
    await service.delete(alice, walls.id);
  });

  it("add an image once, remove it once, and count only what is there", async () => {
    const box = await service.create(alice, { name: "Box", isPublic: false });
    expect(await service.addImage(alice, box.id, harbour)).toEqual({ collectionId: box.id, imageId: harbour, saved: true, imageCount: 1 });
    expect(await service.addImage(alice, box.id, harbour)).toEqual({ collectionId: box.id, imageId: harbour, saved: true, imageCount: 1 });
    expect(await service.removeImage(alice, box.id, harbour)).toEqual({ collectionId: box.id, imageId: harbour, saved: false, imageCount: 0 });
    expect(await service.removeImage(alice, box.id, harbour)).toEqual({ collectionId: box.id, imageId: harbour, saved: false, imageCount: 0 });
    expect((await refusal(service.addImage(alice, box.id, 2_147_483_000))).code).toBe("NOT_FOUND");
    await service.delete(alice, box.id);
  });

  it("are renamed and made public or private by their owner", async () => {
    const box = await service.create(alice, { name: "Old name", isPublic: false });
    expect(await service.change(alice, box.id, { name: "New name" })).toMatchObject({ name: "New name", isPublic: false, path: `/collections/${box.id}-new-name` });
    expect(await service.change(alice, box.id, { isPublic: true })).toMatchObject({ name: "New name", isPublic: true });
    // A name of only symbols still gets a page.
    expect((await service.change(alice, box.id, { name: "☕☕" })).path).toBe(`/collections/${box.id}-collection`);
    await service.delete(alice, box.id);
  });

  it("leave hidden images out of their pages, counts, covers and ZIPs, and refuse adding one", async () => {
    const box = await service.create(alice, { name: "Moderated", isPublic: true });
    const soonHidden = await addImage(db, media, "Soon Hidden");
    await service.addImage(alice, box.id, soonHidden);
    await service.addImage(alice, box.id, lanterns);
    await moderation.hide(COMMAND_LINE, soonHidden, "test");
    const page = await service.get(null, box.id, firstPage);
    expect(page.images.items.map((image) => image.id)).toEqual([lanterns]);
    expect(page.imageCount).toBe(1);
    expect(page.images.total).toBe(1);
    expect((await service.list(alice)).items.find((c) => c.id === box.id)).toMatchObject({ imageCount: 1, covers: [{ id: lanterns }] });
    const zip = await service.download(bob, box.id);
    expect((await unzip(await bytesOf(zip.stream))).map((file) => file.name)).toEqual(["Paper_Lanterns.jpg"]);
    const other = await service.create(alice, { name: "Other", isPublic: false });
    expect((await refusal(service.addImage(alice, other.id, soonHidden))).code).toBe("NOT_FOUND");
    await service.delete(alice, box.id);
    await service.delete(alice, other.id);
  });

  it("are paged most recently added first, without repeating or skipping an image", async () => {
    const box = await service.create(alice, { name: "Paged", isPublic: false });
    for (const id of [harbour, dunes, lanterns]) await service.addImage(alice, box.id, id);
    const seen: number[] = [];
    let cursor: ListPosition | undefined;
    do {
      const page = await service.get(alice, box.id, { limit: 2, cursor });
      seen.push(...page.images.items.map((image) => image.id));
      cursor = page.images.nextCursor ? listCursor.parse(page.images.nextCursor) : undefined;
    } while (cursor);
    expect(seen).toEqual([lanterns, dunes, harbour]);
    await service.delete(alice, box.id);
  });
});

describe("who may see and change a collection", () => {
  it("someone else's private collection does not exist for them, nor for anonymous visitors", async () => {
    const secret = await service.create(alice, { name: "Secret", isPublic: false });
    await service.addImage(alice, secret.id, harbour);
    for (const call of [
      () => service.get(bob, secret.id, firstPage),
      () => service.get(null, secret.id, firstPage),
      () => service.path(null, secret.id),
      () => service.download(bob, secret.id),
      () => service.addImage(bob, secret.id, dunes),
      () => service.removeImage(bob, secret.id, harbour),
      () => service.change(bob, secret.id, { isPublic: true }),
      () => service.delete(bob, secret.id),
    ]) {
      const error = await refusal(call());
      expect([error.code, error.message]).toEqual(["NOT_FOUND", "Collection not found"]);
    }
    // Exactly as a collection that was never made.
    expect((await refusal(service.get(bob, 2_147_483_000, firstPage))).message).toBe("Collection not found");
    expect((await service.get(alice, secret.id, firstPage)).mine).toBe(true);
    expect((await service.get(alice, secret.id, firstPage)).imageCount).toBe(1);
    await service.delete(alice, secret.id);
  });

  it("a public one anyone may read and download; only its owner changes it", async () => {
    const shared = await service.create(alice, { name: "Shared", isPublic: true });
    await service.addImage(alice, shared.id, harbour);
    const seen = await service.get(null, shared.id, firstPage);
    expect(seen).toMatchObject({ name: "Shared", owner: { name: alice.name }, mine: false, imageCount: 1 });
    expect((await service.get(bob, shared.id, firstPage)).mine).toBe(false);
    for (const call of [
      () => service.addImage(bob, shared.id, dunes),
      () => service.removeImage(bob, shared.id, harbour),
      () => service.change(bob, shared.id, { name: "Mine now" }),
      () => service.delete(bob, shared.id),
    ]) {
      expect((await refusal(call())).code).toBe("FORBIDDEN");
    }
    expect((await service.get(alice, shared.id, firstPage)).imageCount).toBe(1);
    await service.change(alice, shared.id, { isPublic: false });
    expect((await refusal(service.get(null, shared.id, firstPage))).code).toBe("NOT_FOUND");
    await service.delete(alice, shared.id);
  });
});

describe("limits", () => {
  it("a person has at most the limit of collections, even when asking many times at once", async () => {
    const [carol] = (await addPeople(db, 1)) as [Viewer];
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => service.create(carol, { name: `Box ${i}`, isPublic: false })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(LIMITS.collections);
    const refused = results.find((r) => r.status === "rejected")!.reason as Error & { code: string };
    expect([refused.code, refused.message]).toEqual(["CONFLICT", "You already have 4 collections, the most one person may have. Delete one to make another."]);
    expect((await service.list(carol)).items).toHaveLength(LIMITS.collections);
  });

  it("a collection holds at most the limit of images, and a refused image changes nothing", async () => {
    const box = await service.create(bob, { name: "Full", isPublic: false });
    for (const id of [harbour, dunes, lanterns]) await service.addImage(bob, box.id, id);
    const fourth = await addImage(db, media, "One Too Many");
    const refused = await refusal(service.addImage(bob, box.id, fourth));
    expect([refused.code, refused.message]).toEqual(["CONFLICT", "This collection already holds 3 images, the most one may hold."]);
    // Adding one that is there already is still fine.
    expect((await service.addImage(bob, box.id, harbour)).imageCount).toBe(3);
    expect((await service.get(bob, box.id, firstPage)).imageCount).toBe(3);
    await service.delete(bob, box.id);
  });
});

describe("Download all", () => {
  it("is a valid ZIP of the original JPEGs, stored as they are, names made unique, each counted and receipted as a download", async () => {
    const twin = await addImage(db, media, "Quiet Harbour");
    const box = await service.create(alice, { name: "Harbours & dunes", isPublic: true });
    for (const id of [harbour, twin, dunes]) await service.addImage(alice, box.id, id);
    const before = await downloadCounts([harbour, twin, dunes]);

    const zip = await service.download(bob, box.id);
    expect(zip.disposition).toBe(`attachment; filename="Harbours_&_dunes.zip"; filename*=UTF-8''Harbours_%26_dunes.zip`);
    const files = await unzip(await bytesOf(zip.stream));
    expect(files.map((file) => file.name)).toEqual(["Golden_Dunes.jpg", "Quiet_Harbour.jpg", "Quiet_Harbour_(2).jpg"]);
    expect(files.every((file) => file.method === 0)).toBe(true);
    // Each entry is exactly what a single download of that image gives.
    const single = await downloads.download(bob, dunes, "original");
    expect(files[0]!.bytes.equals(await bytesOf(single.stream))).toBe(true);

    const after = await downloadCounts([harbour, twin, dunes]);
    expect(after).toEqual({ [harbour]: before[harbour]! + 1, [twin]: before[twin]! + 1, [dunes]: before[dunes]! + 2 });
    const bobs = await db.select({ imageId: downloadReceipts.imageId }).from(downloadReceipts).where(and(eq(downloadReceipts.userId, bob.id), inArray(downloadReceipts.imageId, [harbour, twin, dunes])));
    expect(bobs.map((r) => r.imageId).sort()).toEqual([harbour, twin, dunes, dunes].sort());
    await service.delete(alice, box.id);
  });

  it("stops asking for files when the reader goes away", async () => {
    const box = await service.create(alice, { name: "Abandoned", isPublic: false });
    for (const id of [harbour, dunes, lanterns]) await service.addImage(alice, box.id, id);
    const before = await downloadCounts([harbour, dunes, lanterns]);
    const zip = await service.download(alice, box.id);
    await new Promise((resolve) => zip.stream.once("readable", resolve));
    zip.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await downloadCounts([harbour, dunes, lanterns]);
    const counted = [harbour, dunes, lanterns].reduce((sum, id) => sum + after[id]! - before[id]!, 0);
    expect(counted).toBeLessThan(3);
    await service.delete(alice, box.id);
  });

  it("of an empty collection is refused with a message", async () => {
    const box = await service.create(alice, { name: "Empty", isPublic: false });
    const refused = await refusal(service.download(alice, box.id));
    expect([refused.code, refused.message]).toEqual(["CONFLICT", "This collection has no images to download yet."]);
    await service.delete(alice, box.id);
  });
});

describe("deleting", () => {
  it("a collection leaves its images in the gallery; deleting the account deletes its collections", async () => {
    const [dave] = (await addPeople(db, 1)) as [Viewer];
    const box = await service.create(dave, { name: "Dave's", isPublic: true });
    await service.addImage(dave, box.id, harbour);
    const gone = await service.create(dave, { name: "Gone", isPublic: false });
    await service.delete(dave, gone.id);
    expect((await refusal(service.get(dave, gone.id, firstPage))).code).toBe("NOT_FOUND");
    expect(await catalog.summaries([harbour])).toHaveLength(1);

    await db.delete(user).where(eq(user.id, dave.id));
    expect(await db.select().from(collections).where(eq(collections.userId, dave.id))).toEqual([]);
    const [{ count } = { count: -1 }] = await db.select({ count: sql<number>`count(*)::int` }).from(collectionImages).where(eq(collectionImages.collectionId, box.id));
    expect(count).toBe(0);
    expect((await refusal(service.get(null, box.id, firstPage))).code).toBe("NOT_FOUND");
  });
});
