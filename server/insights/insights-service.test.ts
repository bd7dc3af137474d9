import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "#contracts/account";
import type { DayActivity } from "#contracts/insights";
import { testDatabase } from "../../test/database.ts";
import { refusal } from "../../test/refusal.ts";
import { createAccountsRepository } from "../auth/accounts-repository.ts";
import { addImages, catalogService } from "../catalog/test-fixtures.ts";
import { dailyActivity, images, searchQueries, user } from "../db/schema.ts";
import { createDownloadsRepository } from "../engagement/downloads-repository.ts";
import { createLikesRepository } from "../engagement/likes-repository.ts";
import { addPeople } from "../../test/people-and-images.ts";
import { createInsightsRepository } from "./insights-repository.ts";
import { createInsightsService } from "./insights-service.ts";

/** Insights on a real database: per-day counts kept with the counters, UTC days, zeros, permissions. */

const { db } = await testDatabase();
const catalog = catalogService(db);
const insights = createInsightsService({ insights: createInsightsRepository(db), catalog });
const likes = createLikesRepository(db);
const downloads = createDownloadsRepository(db);
const accounts = createAccountsRepository(db);

const [member, admin] = (await addPeople(db, 2)) as [Viewer, Viewer];
admin.role = "admin";

/** Today's date in UTC as PostgreSQL sees it (the counters use its clock). */
const [{ today }] = (await db.execute<{ today: string }>(sql`select to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as today`)).rows as [{ today: string }];
const DAY = 86_400_000;
const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const dayOf = (daily: DayActivity[], day: string) => daily.find((d) => d.day === day)!;

describe("insights", () => {
  it("are for admins only", async () => {
    expect((await refusal(insights.overview(null, 30))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(insights.overview(member, 30))).code).toBe("FORBIDDEN");
    expect((await refusal(insights.overview({ ...member, role: "creator" }, 90))).code).toBe("FORBIDDEN");
    expect((await insights.overview(admin, 30)).days).toBe(30);
  });

  it("count views, downloads, likes and unlikes per day with the counters, exactly", async () => {
    const [harbour, meadow, hidden] = await addImages(db, [
      { title: "Quiet Harbour", createdAt: new Date() },
      { title: "Green Meadow", createdAt: new Date() },
      { title: "Hidden Hill", createdAt: new Date() },
    ]);
    const before = dayOf((await insights.overview(admin, 30)).daily, today);
    for (let i = 0; i < 3; i++) await catalog.recordView(harbour!, `network:203.0.113.${i}`);
    await catalog.recordView(meadow!, "network:203.0.113.0");
    await Promise.all([downloads.count(harbour!, "small"), downloads.count(harbour!, "original"), downloads.count(meadow!, "large")]);
    const people = await addPeople(db, 3);
    for (const person of people) await likes.like(person.id, meadow!);
    await likes.like(people[0]!.id, meadow!); // again: nothing changes
    await likes.like(people[0]!.id, harbour!);
    await likes.unlike(people[1]!.id, meadow!);
    await likes.unlike(people[1]!.id, meadow!); // again: nothing changes
    await accounts.deleteUser(people[2]!.id); // takes back its like of the meadow
    // A hidden image counts nothing.
    await db.update(images).set({ status: "hidden" }).where(eq(images.id, hidden!));
    await expect(catalog.recordView(hidden!, "network:203.0.113.0")).rejects.toThrow();
    expect(await downloads.count(hidden!, "small")).toBeNull();
    expect(await likes.like(people[0]!.id, hidden!)).toBeNull();

    const result = await insights.overview(admin, 30);
    const now = dayOf(result.daily, today);
    expect({
      views: now.views - before.views,
      downloads: now.downloads - before.downloads,
      likes: now.likes - before.likes,
      unlikes: now.unlikes - before.unlikes,
      signups: now.signups - before.signups,
    }).toEqual({ views: 4, downloads: 3, likes: 4, unlikes: 2, signups: 3 - 1 });

    // Each image's days add up to its counters.
    const { rows } = await db.execute<{ id: number; views: number; downloads: number; likes: number; days: string }>(sql`
      select i.id, i.views, i.downloads, i.likes,
        (select concat_ws(',', sum(d.views), sum(d.downloads), sum(d.likes - d.unlikes)) from daily_activity d where d.image_id = i.id) as days
      from images i where i.id in (${harbour}, ${meadow})`);
    expect(rows.map((r) => `${r.views},${r.downloads},${r.likes}` === r.days)).toEqual([true, true]);

    // The most viewed first, with the range's counts and what a card needs.
    expect(result.topImages.map((t) => [t.image.title, t.views, t.downloads, t.likes])).toEqual([
      ["Quiet Harbour", 3, 2, 1],
      ["Green Meadow", 1, 1, 3],
    ]);
    expect(result.topImages[0]!.image.path).toBe(`/images/${harbour}-quiet-harbour`);
  });

  it("have every day of the range, in UTC, oldest first, zeros where nothing happened", async () => {
    const [image] = await addImages(db, [{ title: "Old Pier", createdAt: new Date() }]);
    const first = dayBefore(today, 29);
    await db.insert(dailyActivity).values([
      { day: first, imageId: image!, views: 7 },
      { day: dayBefore(today, 30), imageId: image!, views: 1000 }, // before the 30 days, inside the 90
      { day: dayBefore(today, 89), imageId: image!, downloads: 5 },
      { day: dayBefore(today, 90), imageId: image!, downloads: 1000 },
    ]);
    // Searches and sign-ups fall on their UTC day: the last millisecond of a day and the first of the next.
    const midnight = Date.parse(`${first}T00:00:00Z`);
    await db.insert(searchQueries).values([
      { query: "lighthouse", results: 2, createdAt: new Date(midnight - 1), visitor: "a" },
      { query: "lighthouse", results: 2, createdAt: new Date(midnight), visitor: "a" },
      { query: "Unicorn  Office", results: 0, createdAt: new Date(midnight + 1), visitor: "a" },
    ]);
    await db.insert(user).values([
      { id: "early", name: "Early", email: "early@example.test", createdAt: new Date(midnight - 1) },
      { id: "first", name: "First", email: "first@example.test", createdAt: new Date(midnight) },
    ]);

    const month = await insights.overview(admin, 30);
    expect(month.daily).toHaveLength(30);
    expect([month.from, month.to]).toEqual([first, today]);
    expect(month.daily.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => dayBefore(today, 29 - i)));
    expect(month.daily[0]).toEqual({ day: first, views: 7, downloads: 0, likes: 0, unlikes: 0, signups: 1, searches: 2, emptySearches: 1 });
    expect(month.daily.slice(1, -1).every((d) => d.views + d.downloads + d.likes + d.unlikes + d.signups + d.searches === 0)).toBe(true);
    expect(month.totals.views).toBe(month.daily.reduce((sum, d) => sum + d.views, 0));
    expect(month.topImages.find((t) => t.image.id === image)?.views).toBe(7);

    const quarter = await insights.overview(admin, 90);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.from).toBe(dayBefore(today, 89));
    expect(dayOf(quarter.daily, dayBefore(today, 30)).views).toBe(1000);
    expect(quarter.daily[0]!.downloads).toBe(5);
    expect(dayOf(quarter.daily, dayBefore(today, 30))).toMatchObject({ searches: 1, signups: 1 });
  });

  it("group searches however they were typed, and list those that found nothing", async () => {
    const at = new Date();
    await db.insert(searchQueries).values([
      ...["Cats", "cats", "CATS", "cats"].map((query, i) => ({ query, results: 4, createdAt: at, visitor: `v${i % 3}` })),
      { query: "dog", results: 1, createdAt: at, visitor: "v1" },
      ...["Unicorn office", "unicorn   office", "Unicorn office"].map((query, i) => ({ query, results: 0, createdAt: new Date(at.getTime() - i * 1000), visitor: "v9" })),
      { query: "zebra crossing", results: 0, createdAt: at, visitor: null },
    ]);
    const { topSearches, emptySearches } = await insights.overview(admin, 30);
    expect(topSearches.slice(0, 2).map(({ query, searches, visitors }) => ({ query, searches, visitors }))).toEqual([
      { query: "cats", searches: 4, visitors: 3 },
      { query: "Unicorn office", searches: 4, visitors: 2 },
    ]);
    expect(emptySearches.map(({ query, searches, visitors }) => ({ query, searches, visitors }))).toEqual([
      { query: "Unicorn office", searches: 4, visitors: 2 },
      { query: "zebra crossing", searches: 1, visitors: 0 },
    ]);
    expect(emptySearches[1]!.lastAt).toBe(at.toISOString());
  });
});
