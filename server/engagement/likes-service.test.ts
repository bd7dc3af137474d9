import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "#contracts/account";
import { COMMAND_LINE } from "../access/actor.ts";
import { testDatabase } from "../../test/database.ts";
import { refusal } from "../../test/refusal.ts";
import { images, likes } from "../db/schema.ts";
import { createLikesRepository } from "./likes-repository.ts";
import { createLikesService } from "./likes-service.ts";
import { createReportsRepository } from "./reports-repository.ts";
import { createReportsService } from "./reports-service.ts";
import { catalogService } from "../catalog/test-fixtures.ts";
import { addImage, addPeople, scratchMedia } from "../../test/people-and-images.ts";
import { listCursor } from "#contracts/catalog";

const { db } = await testDatabase();
const media = scratchMedia();
const catalog = catalogService(db);
const service = createLikesService({ likes: createLikesRepository(db), catalog });
const moderation = createReportsService({ reports: createReportsRepository(db), secret: "test-secret" });

async function stored(imageId: number) {
  const [image] = await db.select({ likes: images.likes }).from(images).where(eq(images.id, imageId));
  const [rows] = await db.select({ count: sql<number>`count(*)::int` }).from(likes).where(eq(likes.imageId, imageId));
  return { count: image!.likes, rows: rows!.count };
}

let alice: Viewer;
let bob: Viewer;
beforeAll(async () => {
  [alice, bob] = (await addPeople(db, 2)) as [Viewer, Viewer];
});

describe("liking an image", () => {
  it("adds one like per person, and liking again changes nothing", async () => {
    const id = await addImage(db, media, "Quiet Harbour");
    expect(await service.like(alice, id)).toEqual({ imageId: id, liked: true, likes: 1 });
    expect(await service.like(alice, id)).toEqual({ imageId: id, liked: true, likes: 1 });
    expect(await service.like(bob, id)).toEqual({ imageId: id, liked: true, likes: 2 });
    expect(await stored(id)).toEqual({ count: 2, rows: 2 });
    expect((await catalog.summaries([id], alice.id))[0]!.liked).toBe(true);
  });

  it("unliking removes the like; unliking without a like changes nothing and never goes below 0", async () => {
    const id = await addImage(db, media, "Paper Lanterns");
    expect(await service.unlike(alice, id)).toEqual({ imageId: id, liked: false, likes: 0 });
    await service.like(alice, id);
    await service.like(bob, id);
    expect(await service.unlike(alice, id)).toEqual({ imageId: id, liked: false, likes: 1 });
    expect(await service.unlike(alice, id)).toEqual({ imageId: id, liked: false, likes: 1 });
    expect(await stored(id)).toEqual({ count: 1, rows: 1 });
    expect((await catalog.summaries([id], alice.id))[0]!.liked).toBe(false);
    expect((await catalog.summaries([id], bob.id))[0]!.liked).toBe(true);
  });

  it("answers 404 for unknown and hidden images and changes no count", async () => {
    expect((await refusal(service.like(alice, 2_147_483_000))).code).toBe("NOT_FOUND");
    expect((await refusal(service.unlike(alice, 2_147_483_000))).code).toBe("NOT_FOUND");
    const id = await addImage(db, media, "Hidden Dunes");
    await service.like(bob, id);
    await moderation.hide(COMMAND_LINE, id, "test");
    expect((await refusal(service.like(alice, id))).code).toBe("NOT_FOUND");
    expect((await refusal(service.unlike(bob, id))).code).toBe("NOT_FOUND");
    expect(await stored(id)).toEqual({ count: 1, rows: 1 });
  });

  it("keeps the stored count equal to the like rows when 50 people like and unlike at once", async () => {
    const id = await addImage(db, media, "Crowded Square");
    const people = await addPeople(db, 50);
    // 400 requests, all in flight together: each person likes and unlikes in a random order,
    // so the same person's like and unlike race each other too.
    const requests = Array.from({ length: 400 }, (_, i) => {
      const person = people[i % people.length]!;
      return Math.random() < 0.55 ? service.like(person, id) : service.unlike(person, id);
    });
    const results = await Promise.allSettled(requests);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const after = await stored(id);
    expect(after.count).toBe(after.rows);
    // A final like from everyone leaves exactly 50.
    await Promise.all(people.map((person) => service.like(person, id)));
    expect(await stored(id)).toEqual({ count: 50, rows: 50 });
  });
});

describe("the viewer's liked images", () => {
  it("lists published liked images, most recently liked first, page by page", async () => {
    const [carol] = await addPeople(db, 1);
    const ids: number[] = [];
    for (const title of ["First Light", "Second Wind", "Third Eye", "Fourth Wall", "Fifth Season"]) {
      const id = await addImage(db, media, title);
      await service.like(carol!, id);
      ids.push(id);
    }
    await moderation.hide(COMMAND_LINE, ids[3]!, "test");
    const first = await service.likedImages(carol!, { limit: 2 });
    expect(first.total).toBe(4);
    expect(first.items.map((i) => i.title)).toEqual(["Fifth Season", "Third Eye"]);
    expect(first.items.every((i) => i.liked)).toBe(true);
    const second = await service.likedImages(carol!, { limit: 2, cursor: listCursor.parse(first.nextCursor) });
    expect(second.total).toBeNull();
    expect(second.items.map((i) => i.title)).toEqual(["Second Wind", "First Light"]);
    expect(second.nextCursor).toBeNull();

    await service.unlike(carol!, ids[1]!);
    await moderation.restore(COMMAND_LINE, ids[3]!);
    const again = await service.likedImages(carol!, { limit: 10 });
    expect(again.items.map((i) => i.title)).toEqual(["Fifth Season", "Fourth Wall", "Third Eye", "First Light"]);
  });

  it("is empty for someone who likes nothing", async () => {
    const [dave] = await addPeople(db, 1);
    expect(await service.likedImages(dave!, { limit: 30 })).toEqual({ items: [], nextCursor: null, total: 0 });
  });
});
