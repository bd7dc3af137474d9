import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { creators, images, user } from "../db/schema.ts";
import { startTestApp } from "../http/test-app.ts";

/**
 * "Your images" tells a creator how often each of their images, and all of them, were seen,
 * downloaded and liked, with the last 30 days (issue 26): counted by the site's own paths.
 */

const database = await testDatabase();
const { services, call, signUp } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000" });
const [seen, quiet, elsewhere] = [
  await addImage(database.db, services.media, "Seen Shore"),
  await addImage(database.db, services.media, "Quiet Quay"),
  await addImage(database.db, services.media, "Elsewhere Estuary"),
];
const creator = await signUp("Nina Numbers");
const viewer = (await services.accounts.viewer(new Headers({ cookie: creator })))!;
await services.accountAdmin.setRoleByEmail(viewer.email, "creator");
// Seen Shore and Quiet Quay are on the creator's page; Elsewhere Estuary is someone else's.
const [own] = await database.db.select({ creatorId: images.creatorId }).from(images).where(eq(images.id, seen));
await database.db.update(user).set({ creatorId: own!.creatorId }).where(eq(user.id, viewer.id));
const [other] = await database.db.insert(creators).values({ name: "Otto Other" }).returning({ id: creators.id });
await database.db.update(images).set({ creatorId: other!.id }).where(eq(images.id, elsewhere));

const today = new Date().toISOString().slice(0, 10);

describe("a creator's numbers", () => {
  it("counts views, downloads and likes per image and in all, and draws the last 30 days, today last", async () => {
    const fans = [await signUp("Fan One"), await signUp("Fan Two")];
    for (const cookies of fans) {
      expect((await call("POST", `/api/images/${seen}/views`, { cookies })).status).toBe(200);
      expect((await call("PUT", `/api/images/${seen}/like`, { cookies })).status).toBe(200);
    }
    expect((await call("GET", `/api/images/${seen}/download?size=original`, { cookies: fans[0] })).status).toBe(200);
    expect((await call("POST", `/api/images/${quiet}/views`, { cookies: fans[0] })).status).toBe(200);
    // A like taken back counts for nothing, on the day as in all.
    expect((await call("PUT", `/api/images/${quiet}/like`, { cookies: fans[0] })).status).toBe(200);
    expect((await call("DELETE", `/api/images/${quiet}/like`, { cookies: fans[0] })).status).toBe(200);
    // Someone else's image does not count.
    expect((await call("POST", `/api/images/${elsewhere}/views`, { cookies: fans[0] })).status).toBe(200);

    const studio = await services.imageEdits.studio({ ...viewer, role: "creator" });
    const counts = Object.fromEntries(studio.images.map(({ id, views, downloads, likes }) => [id, { views, downloads, likes }]));
    expect(counts).toEqual({ [seen]: { views: 2, downloads: 1, likes: 2 }, [quiet]: { views: 1, downloads: 0, likes: 0 } });
    expect(studio.totals).toEqual({ views: 3, downloads: 1, likes: 2 });
    expect(studio.days).toHaveLength(30);
    expect(studio.days.at(-1)).toEqual({ day: today, views: 3, downloads: 1, likes: 2 });
    expect(studio.days[0]!.day).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(studio.days.slice(0, -1).every((day) => day.views === 0 && day.downloads === 0 && day.likes === 0)).toBe(true);
  });
});
