import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import type { CreatorPage } from "#contracts/catalog";
import { REPORT_DETAILS_MAX, type LikeState } from "#contracts/engagement";
import { COMMAND_LINE } from "../../access/actor.ts";
import { testDatabase } from "../../../test/database.ts";
import { downloadEvents, images, likes, reports } from "../../db/schema.ts";
import { ANONYMOUS_REPORTS_PER_HOUR } from "../../engagement/reports-service.ts";
import { addImage } from "../../../test/people-and-images.ts";
import { startTestApp } from "../test-app.ts";

/**
 * The engagement API over HTTP, as a browser meets it: real sessions from Better Auth's
 * sign-up endpoint, the same-origin guard, JSON errors, streamed downloads.
 */

const database = await testDatabase();
const { db } = database;
// Every test account signs up from 127.0.0.1.
const app = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000" });
const { services, call, origin } = app;

let accounts = 0;
const signUp = () => app.signUp(`Person ${++accounts}`);

async function stored(imageId: number) {
  const [image] = await db.select({ likes: images.likes, downloads: images.downloads }).from(images).where(eq(images.id, imageId));
  const [rows] = await db.select({ count: sql<number>`count(*)::int` }).from(likes).where(eq(likes.imageId, imageId));
  return { likes: image!.likes, rows: rows!.count, downloads: image!.downloads };
}

async function errorOf(res: Response) {
  return ((await res.json()) as ApiErrorBody).error;
}

let alice: string;
let image: number;
beforeAll(async () => {
  alice = await signUp();
  image = await addImage(db, services.media, "Morning Fog");
});

describe("PUT and DELETE /api/images/:id/like", () => {
  it("likes, answers the same state when repeated, and unlikes (also when there was no like)", async () => {
    const state = async (method: string) => {
      const res = await call(method, `/api/images/${image}/like`, { cookies: alice });
      expect(res.status).toBe(200);
      return (await res.json()) as LikeState;
    };
    expect(await state("PUT")).toEqual({ imageId: image, liked: true, likes: 1 });
    expect(await state("PUT")).toEqual({ imageId: image, liked: true, likes: 1 });
    expect(await state("DELETE")).toEqual({ imageId: image, liked: false, likes: 0 });
    expect(await state("DELETE")).toEqual({ imageId: image, liked: false, likes: 0 });
    expect(await stored(image)).toMatchObject({ likes: 0, rows: 0 });
  });

  it("asks anonymous visitors to sign in", async () => {
    const res = await call("PUT", `/api/images/${image}/like`);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("UNAUTHENTICATED");
  });

  it("refuses a request forged by another site and leaves the count alone", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await call(method, `/api/images/${image}/like`, { cookies: alice, from: "https://evil.example" });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("FORBIDDEN");
    }
    expect(await stored(image)).toMatchObject({ likes: 0, rows: 0 });
  });

  it("answers 404 for unknown and hidden images, 400 naming id for a malformed one", async () => {
    expect((await call("PUT", "/api/images/2147483000/like", { cookies: alice })).status).toBe(404);
    const hidden = await addImage(db, services.media, "Withdrawn");
    await services.reports.hide(COMMAND_LINE, hidden, undefined);
    const res = await call("PUT", `/api/images/${hidden}/like`, { cookies: alice });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "NOT_FOUND", message: "Image not found" });
    expect(await stored(hidden)).toMatchObject({ likes: 0, rows: 0 });
    const bad = await call("PUT", "/api/images/abc/like", { cookies: alice });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).field).toBe("id");
  });

  it("keeps the count equal to the like rows when 50 people like and unlike 400 times at once", async () => {
    const target = await addImage(db, services.media, "Rush Hour");
    const people: string[] = [];
    for (let i = 0; i < 50; i++) people.push(await signUp());
    const responses = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        call(Math.random() < 0.55 ? "PUT" : "DELETE", `/api/images/${target}/like`, { cookies: people[i % people.length] }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const after = await stored(target);
    expect(after.likes).toBe(after.rows);
    // Whatever each person's last answer said, the liked list and the count agree.
    const final = await Promise.all(people.map((cookies) => call("PUT", `/api/images/${target}/like`, { cookies })));
    expect(final.every((r) => r.status === 200)).toBe(true);
    expect(await stored(target)).toMatchObject({ likes: 50, rows: 50 });
  }, 120_000);
});

describe("GET /api/me/likes", () => {
  it("lists the viewer's liked images, newest like first, and needs a session", async () => {
    const viewer = await signUp();
    const first = await addImage(db, services.media, "Liked First");
    const second = await addImage(db, services.media, "Liked Second");
    await call("PUT", `/api/images/${first}/like`, { cookies: viewer });
    await call("PUT", `/api/images/${second}/like`, { cookies: viewer });
    const res = await call("GET", "/api/me/likes?limit=10", { cookies: viewer });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: Array<{ id: number; liked: boolean }>; total: number };
    expect(page.items.map((i) => [i.id, i.liked])).toEqual([
      [second, true],
      [first, true],
    ]);
    expect(page.total).toBe(2);
    expect((await call("GET", "/api/me/likes")).status).toBe(401);
    const bad = await call("GET", "/api/me/likes?limit=1000", { cookies: viewer });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).field).toBe("limit");
  });
});

describe("GET /api/images/:id/download", () => {
  const download = (id: number, cookies: string | undefined, query = "") => call("GET", `/api/images/${id}/download${query}`, { cookies });
  const disposition = (res: Response) => res.headers.get("content-disposition") ?? "";
  const savedAs = (res: Response) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition(res))![1]!);

  it("streams a JPEG saved as {Title_with_underscores}.jpg and counts each request once, anonymously", async () => {
    const id = await addImage(db, services.media, "Golden Hour Over The Bay", { width: 1500, height: 1000 });
    const before = await stored(id);
    const res = await download(id, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(disposition(res)).toBe(`attachment; filename="Golden_Hour_Over_The_Bay.jpg"; filename*=UTF-8''Golden_Hour_Over_The_Bay.jpg`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1500, height: 1000 });
    expect((await stored(id)).downloads).toBe(before.downloads + 1);
    // The page learns the new count from a cookie (it cannot read the download's answer).
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^stockroom_downloaded_${id}=${before.downloads + 1}; Max-Age=60; Path=/; Expires=.+; SameSite=Lax$`))]);

    await (await download(id, alice, "?size=original")).arrayBuffer();
    expect((await stored(id)).downloads).toBe(before.downloads + 2);
    // Asking about the file (HEAD) downloads nothing and counts nothing.
    const head = await call("HEAD", `/api/images/${id}/download`, { cookies: alice });
    expect(head.status).toBe(200);
    expect(disposition(head)).toContain("Golden_Hour_Over_The_Bay.jpg");
    expect((await stored(id)).downloads).toBe(before.downloads + 2);
    const events = await db.select().from(downloadEvents).where(eq(downloadEvents.imageId, id));
    expect(events).toHaveLength(2);
    // An event says which image and size, and when: never who.
    expect(Object.keys(events[0]!).sort()).toEqual(["createdAt", "id", "imageId", "size"]);
  });

  it("offers small, medium and large sizes, never wider than the original", async () => {
    const id = await addImage(db, services.media, "Wide Canyon", { width: 1500, height: 1000 });
    for (const [size, width] of [
      ["small", 640],
      ["medium", 1280],
      ["large", 1500],
    ] as const) {
      const res = await download(id, alice, `?size=${size}`);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(width);
    }
    expect(await db.select({ size: downloadEvents.size }).from(downloadEvents).where(eq(downloadEvents.imageId, id))).toEqual([
      { size: "small" },
      { size: "medium" },
      { size: "large" },
    ]);
  });

  it("names files safely for titles with unicode, quotes and slashes", async () => {
    for (const [title, name] of [
      ["Café Noir — 東京 ☕", "Café_Noir_—_東京_☕.jpg"],
      ['The "Best" / Worst \\ Day', "The__Best____Worst___Day.jpg"],
    ] as const) {
      const res = await download(await addImage(db, services.media, title), alice);
      expect(res.status).toBe(200);
      expect(savedAs(res)).toBe(name);
      expect(disposition(res)).toMatch(/^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]+\.jpg"; filename\*=UTF-8''[\x21-\x7e]+$/);
      await res.arrayBuffer();
    }
  });

  it("sends a browser that opens the link without a session to sign in, and back to the image's page, which starts that download", async () => {
    const before = await stored(image);
    const [row] = await db.select({ slug: images.slug }).from(images).where(eq(images.id, image));
    const opened = await fetch(`${origin}/api/images/${image}/download?size=small`, {
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8" },
      redirect: "manual",
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/images/${image}-${row!.slug}?download=small`)}`);
    // A script or API client keeps the JSON answer.
    for (const accept of ["*/*", "application/json"]) {
      const res = await fetch(`${origin}/api/images/${image}/download`, { headers: { accept }, redirect: "manual" });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("UNAUTHENTICATED");
    }
    expect((await stored(image)).downloads).toBe(before.downloads);
  });

  it("needs a session, a known published image and a valid size, and counts nothing otherwise", async () => {
    const before = await stored(image);
    const anonymous = await download(image, undefined);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe("UNAUTHENTICATED");
    const badSize = await download(image, alice, "?size=huge");
    expect(badSize.status).toBe(400);
    expect(await errorOf(badSize)).toEqual({ code: "BAD_REQUEST", message: "size must be one of small, medium, large, original", field: "size" });
    expect((await download(2_147_483_000, alice)).status).toBe(404);
    const hidden = await addImage(db, services.media, "Pulled");
    await services.reports.hide(COMMAND_LINE, hidden, undefined);
    expect((await download(hidden, alice)).status).toBe(404);
    expect((await stored(image)).downloads).toBe(before.downloads);
    expect((await stored(hidden)).downloads).toBe(0);
  });
});

describe("creator totals", () => {
  it("follow the stored likes and downloads of the creator's images", async () => {
    const id = await addImage(db, services.media, "Counted Twice");
    const totals = async () => {
      const res = await call("GET", `/api/creators/${encodeURIComponent("Unknown Artist")}`);
      expect(res.status).toBe(200);
      return (await res.json()) as CreatorPage;
    };
    const before = await totals();
    await call("PUT", `/api/images/${id}/like`, { cookies: alice });
    await (await call("GET", `/api/images/${id}/download?size=small`, { cookies: alice })).arrayBuffer();
    expect(await totals()).toMatchObject({ likes: before.likes + 1, downloads: before.downloads + 1, uploads: before.uploads });
    // A hidden image no longer counts.
    await services.reports.hide(COMMAND_LINE, id, undefined);
    expect(await totals()).toMatchObject({ likes: before.likes, downloads: before.downloads, uploads: before.uploads - 1 });
  });
});

describe("POST /api/images/:id/reports", () => {
  const report = (id: number, json: unknown, cookies?: string, from?: string) => call("POST", `/api/images/${id}/reports`, { json, cookies, from });
  const reportsOn = (id: number) => db.select().from(reports).where(eq(reports.imageId, id));

  it("stores a signed-in report once; a second one is a 409 with a message", async () => {
    const id = await addImage(db, services.media, "Reported Once");
    const res = await report(id, { reason: "copyright", details: "Mine" }, alice);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const again = await report(id, { reason: "spam" }, alice);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/already reported/) });
    expect(await reportsOn(id)).toHaveLength(1);
  });

  it("refuses bad input with a 400 naming the field, and stores nothing", async () => {
    const id = await addImage(db, services.media, "Badly Reported");
    const tooLong = await report(id, { reason: "other", details: "x".repeat(REPORT_DETAILS_MAX + 1) }, alice);
    expect(tooLong.status).toBe(400);
    expect(await errorOf(tooLong)).toEqual({ code: "BAD_REQUEST", message: `details must be at most ${REPORT_DETAILS_MAX} characters`, field: "details" });
    const noReason = await report(id, { reason: "boring" }, alice);
    expect((await errorOf(noReason)).field).toBe("reason");
    const otherWithoutWords = await report(id, { reason: "other", details: "   " }, alice);
    expect(await errorOf(otherWithoutWords)).toMatchObject({ field: "details", message: "Please describe the problem" });
    expect((await report(2_147_483_000, { reason: "spam" }, alice)).status).toBe(404);
    expect((await report(id, { reason: "spam" }, alice, "https://evil.example")).status).toBe(403);
    expect(await reportsOn(id)).toEqual([]);
  });

  it("limits anonymous reports per network, with Retry-After and a message saying when", async () => {
    const id = await addImage(db, services.media, "Much Reported");
    for (let i = 0; i < ANONYMOUS_REPORTS_PER_HOUR; i++) {
      expect((await report(id, { reason: "offensive", details: `#${i}` })).status).toBe(201);
    }
    const limited = await report(id, { reason: "offensive" });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    const error = await errorOf(limited);
    expect(error).toMatchObject({ code: "RATE_LIMITED", retryAfter });
    expect(error.message).toMatch(/^Too many reports from your network\. Please try again in \d+ minutes?, or sign in to report\.$/);
    // Signed in, the same network may still report.
    expect((await report(id, { reason: "offensive" }, alice)).status).toBe(201);
    expect(await reportsOn(id)).toHaveLength(ANONYMOUS_REPORTS_PER_HOUR + 1);
  });
});
