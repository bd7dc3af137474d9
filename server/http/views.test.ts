import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { startTestApp, TEST_BASE_URL } from "./test-app.ts";

/**
 * Honest views (issue #27): one per visitor per image per hour, the visitor being the account
 * when signed in, else the client's address as TRUST_PROXY lets it be read (here the loopback
 * proxy's X-Forwarded-For); a changed User-Agent is the same visitor, and no address is stored.
 * Each answer brings the image's counts of the moment.
 */

const database = await testDatabase();
const { services, call, origin, signUp } = await startTestApp(database);
const imageId = await addImage(database.db, services.media, "Honest Harbour");
const session = await signUp("Honest Viewer");

const views = async () => ((await (await call("GET", `/api/images/${imageId}`)).json()) as { views: number }).views;

function view(from: string, options: { userAgent?: string; cookies?: string } = {}) {
  const headers: Record<string, string> = { origin: TEST_BASE_URL, "x-forwarded-for": from, "user-agent": options.userAgent ?? "Browser" };
  if (options.cookies) headers.cookie = options.cookies;
  return fetch(`${origin}/api/images/${imageId}/views`, { method: "POST", headers });
}

describe("views", () => {
  it("count one per visitor per image per hour, by account or address, never by User-Agent", async () => {
    for (let i = 0; i < 20; i++) expect((await view("198.51.100.1", { userAgent: `Browser ${i}` })).status).toBe(200);
    expect(await views()).toBe(1);
    await view("198.51.100.2");
    await view("198.51.100.2");
    expect(await views()).toBe(2);
    // Signed in, the account is the visitor, from wherever it asks.
    await view("198.51.100.1", { cookies: session });
    await view("198.51.100.3", { cookies: session });
    expect(await views()).toBe(3);

    const stored = await database.db.execute<{ key: string }>(sql`select key from rate_limit where key like 'view:%'`);
    expect(stored.rows).toHaveLength(3);
    for (const { key } of stored.rows) expect(key).not.toMatch(/198\.51\.100|Honest|account|network/);
  });

  it("answer the image's like and download counts as they are now, whether or not the view counted", async () => {
    // What the overlay shows over a page kept for anonymous visitors, rendered before the like.
    const counted = async () => (await view("198.51.100.1")).json();
    expect(await counted()).toEqual({ imageId, likes: 0, downloads: 0 });
    expect((await call("PUT", `/api/images/${imageId}/like`, { cookies: session })).status).toBe(200);
    expect((await call("GET", `/api/images/${imageId}/download?size=small`, { cookies: session })).status).toBe(200);
    expect(await counted()).toEqual({ imageId, likes: 1, downloads: 1 });
    expect(await views()).toBe(3);
  });

  it("count again after the hour", async () => {
    await database.db.execute(sql`update rate_limit set reset_at = now() - interval '1 second' where key like 'view:%'`);
    await view("198.51.100.1");
    expect(await views()).toBe(4);
  });
});
