import { describe, expect, it } from "vitest";
import { demoItems } from "./demo-catalog.ts";
import { demoHistory } from "./demo-history.ts";

const now = Date.parse("2026-03-18T15:30:00Z");
const items = demoItems(40, 3, now);
const history = demoHistory(items, items, 3, now);
const DAY = 86_400_000;

describe("the demo catalog's history", () => {
  it("is the same for the same seed and day, and different for another seed", () => {
    expect(demoHistory(items, items, 3, now)).toEqual(history);
    const other = demoItems(40, 4, now);
    expect(demoHistory(other, other, 4, now).days).not.toEqual(history.days);
  });

  it("adds up to each image's counters, day by day in UTC, none after now", () => {
    for (const item of items) {
      const days = history.days.filter((d) => d.sourceId === item.sourceId);
      const sum = (key: "views" | "downloads" | "likes") => days.reduce((total, d) => total + d[key], 0);
      expect([sum("views"), sum("downloads"), sum("likes")]).toEqual([item.views, item.downloads, item.likes]);
      expect(days.every((d) => d.day >= item.createdAt!.toISOString().slice(0, 10) && d.day <= "2026-03-18")).toBe(true);
    }
  });

  it("has each like on the day that counts it, by a visitor who had signed up, once per visitor and image", () => {
    const signedUp = new Map(history.visitors.map((v) => [v.visitor, v.at.getTime()]));
    const liked = new Set<string>();
    const perDay = new Map<string, number>();
    for (const like of history.likes) {
      expect(like.at.getTime()).toBeGreaterThan(signedUp.get(like.visitor)!);
      expect(like.at.getTime()).toBeLessThanOrEqual(now);
      expect(liked.has(`${like.sourceId}/${like.visitor}`)).toBe(false);
      liked.add(`${like.sourceId}/${like.visitor}`);
      const key = `${like.sourceId}/${like.at.toISOString().slice(0, 10)}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    expect(perDay).toEqual(new Map(history.days.filter((d) => d.likes > 0).map((d) => [`${d.sourceId}/${d.day}`, d.likes])));
  });

  it("has a weekly rhythm and a trend: weekdays above weekends, the last month above the one before last", () => {
    const views = new Map<string, number>();
    for (const d of history.days) views.set(d.day, (views.get(d.day) ?? 0) + d.views);
    const total = (from: number, to: number, keep: (day: Date) => boolean = () => true) =>
      Array.from({ length: to - from }, (_, i) => new Date(now - (from + i) * DAY)).filter(keep).reduce((sum, day) => sum + (views.get(day.toISOString().slice(0, 10)) ?? 0), 0);
    const weekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;
    expect(total(1, 85, (d) => !weekend(d)) / 5).toBeGreaterThan(total(1, 85, weekend) / 2);
    expect(total(1, 31)).toBeGreaterThan(total(61, 91));
  });

  it("has 90 days of searches, a fifth or so finding nothing, with honest result counts", () => {
    const days = new Set(history.searches.map((s) => s.at.toISOString().slice(0, 10)));
    expect(days.size).toBe(90);
    expect([...days].sort()[0]).toBe(new Date(now - 89 * DAY).toISOString().slice(0, 10));
    const empty = history.searches.filter((s) => s.results === 0);
    expect(empty.length / history.searches.length).toBeGreaterThan(0.1);
    expect(empty.length / history.searches.length).toBeLessThan(0.35);
    const mountains = history.searches.find((s) => s.query === "mountains");
    expect(mountains?.results).toBe(items.filter((i) => i.tags!.includes("mountains")).length);
    // A few favourites are searched by many visitors.
    const visitors = new Map<string, Set<string>>();
    for (const s of history.searches) visitors.set(s.query, (visitors.get(s.query) ?? new Set()).add(s.visitor));
    expect(Math.max(...[...visitors.values()].map((v) => v.size))).toBeGreaterThan(100);
  });

  it("adds no searches when it adds no images", () => {
    expect(demoHistory([], items, 3, now)).toMatchObject({ days: [], likes: [], searches: [] });
  });
});
