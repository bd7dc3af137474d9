import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { hasSessionCookie } from "../auth/auth.ts";
import { CATALOG_CHANGES } from "../catalog/catalog-cache.ts";
import { addImages, minute } from "../catalog/test-fixtures.ts";
import { CHANGE_FEED_APPLICATION_NAME, listenForChanges } from "../db/change-feed.ts";
import { images } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { EXPLORE_VARIANTS, pageCacheKey } from "./cached-pages.ts";
import { createPageCache, type Page, type RenderedPage } from "./page-cache.ts";

/**
 * Pages kept for anonymous visitors, on a real database: a kept page is served until the
 * catalog changes (any connection, any instance), memory stays within its bounds whatever
 * URLs are asked for, and a kept page never carries another response's nonce.
 */

const database = await testDatabase();
const changes = listenForChanges(database.pool, CATALOG_CHANGES, createLogger("silent"));
afterAll(() => changes.close());
await vi.waitFor(() => expect(changes.live).toBe(true));

const [imageId] = (await addImages(database.db, [{ title: "Harbour at dusk", createdAt: minute(1) }])) as [number];

/** A renderer that numbers its renders, so that a test sees which render it was served. */
function renderer(options: { status?: number; headers?: Record<string, string>; bytes?: number } = {}) {
  let renders = 0;
  const render = async (): Promise<RenderedPage> => {
    renders++;
    const html = `<!DOCTYPE html><html><body><p>render ${renders}</p>${"x".repeat(options.bytes ?? 0)}</body></html>`;
    return { status: options.status ?? 200, headers: new Headers({ "content-type": "text/html; charset=utf-8", ...options.headers }), html };
  };
  return { render, renders: () => renders };
}

/** The page as a client that accepts no compression gets it. */
const html = async (page: Page) => (await page.body.for({ acceptsEncodings: () => false } as never)).body.toString();

describe("pages kept until the catalog changes", () => {
  it("serves one render until the database announces a change, then renders again", async () => {
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100 });
    const { render, renders } = renderer({ bytes: 5000 });
    const [a, b] = await Promise.all([cache.get("/", 1, render), cache.get("/", 1, render)]);
    expect(renders()).toBe(1);
    expect(await cache.get("/", 1, render)).toBe(a);
    expect(b).toBe(a);
    expect(await html(a)).toContain("render 1");

    await database.db.update(images).set({ title: "Renamed" }).where(eq(images.id, imageId));
    await vi.waitFor(async () => expect(await html(await cache.get("/", 1, render))).toContain("render 2"));
  });

  it("serves a page for a while after its like counts changed, then renders it anew in the background, never making a visitor wait", async () => {
    // A storm of likes must not have every request rendered: a URL is rendered again at most once per lag.
    // (Long enough that a busy machine hears the like within it.)
    const countsLagMs = 2000;
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100, countsLagMs });
    const { render, renders } = renderer();
    await cache.get("/", 1, render);
    const heard = new Promise<void>((resolve) => {
      const stop = changes.subscribe((payload) => payload === "counts" && (stop(), resolve()));
    });
    await database.db.update(images).set({ likes: 11 }).where(eq(images.id, imageId));
    await heard;
    expect(await html(await cache.get("/", 1, render))).toContain("render 1"); // rendered less than the lag ago
    expect(renders()).toBe(1);
    await sleep(countsLagMs);
    expect(await html(await cache.get("/", 1, render))).toContain("render 1"); // served at once while it renders again
    expect(renders()).toBe(2);
    await vi.waitFor(async () => expect(await html(await cache.get("/", 1, render))).toContain("render 2"));

    await sleep(countsLagMs);
    expect(await html(await cache.get("/", 1, render))).toContain("render 2"); // no like since: kept however old
    expect(renders()).toBe(2);
  });

  it("keeps a few renders of a page with random parts, and serves them at random", async () => {
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100 });
    const { render, renders } = renderer();
    const served = new Set<string>();
    for (let i = 0; i < 40; i++) served.add(await html(await cache.get("/", 3, render)));
    expect(renders()).toBe(3);
    expect(served.size).toBe(3);
  });

  it("keeps serving a kept page when rendering it again fails, and logs the failure", async () => {
    const failures: string[] = [];
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100 }, { error: (message) => failures.push(message) });
    const { render } = renderer();
    await cache.get("/license", 2, render); // two variants: the second is rendered on the next request
    const page = await cache.get("/license", 2, () => Promise.reject(new Error("the database went away")));
    expect(await html(page)).toContain("render 1");
    await vi.waitFor(() => expect(failures).toEqual(["Could not render /license again"]));
    expect(await html(await cache.get("/license", 1, render))).toContain("render 1");
  });

  it("renders every time what must not be kept: errors, and pages that set a cookie", async () => {
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100 });
    const missing = renderer({ status: 404 });
    await cache.get("/images/9-gone", 1, missing.render);
    expect((await cache.get("/images/9-gone", 1, missing.render)).status).toBe(404);
    expect(missing.renders()).toBe(2);
    const cookie = renderer({ headers: { "set-cookie": "a=b" } });
    await cache.get("/license", 1, cookie.render);
    await cache.get("/license", 1, cookie.render);
    expect(cookie.renders()).toBe(2);
    expect(cache.size.pages).toBe(0);
  });

  it("stays within its bytes and its count, dropping the least recently used first", async () => {
    const cache = createPageCache(changes, { bytes: 40_000, pages: 3 });
    const { render } = renderer({ bytes: 10_000 });
    for (let i = 0; i < 50; i++) await cache.get(`/?q=word${i}`, 1, render);
    expect(cache.size.pages).toBeLessThanOrEqual(3);
    expect(cache.size.bytes).toBeLessThanOrEqual(40_000);

    const small = createPageCache(changes, { bytes: 1e8, pages: 2 });
    const counted = renderer();
    await small.get("/a", 1, counted.render);
    await small.get("/b", 1, counted.render);
    await small.get("/a", 1, counted.render);
    await small.get("/c", 1, counted.render);
    await small.get("/a", 1, counted.render);
    expect(counted.renders()).toBe(3);
    await small.get("/b", 1, counted.render);
    expect(counted.renders()).toBe(4);
  });

  it("does not keep a render that a change overtook", async () => {
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100 });
    const { render, renders } = renderer();
    let release = () => {};
    const slow = cache.get("/", 1, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return render();
    });
    const heard = new Promise<void>((resolve) => changes.subscribe((payload) => payload !== null && resolve()));
    await database.db.update(images).set({ title: "Renamed again" }).where(eq(images.id, imageId));
    await heard;
    release();
    await slow;
    await cache.get("/", 1, render);
    expect(renders()).toBe(2);
  });

  it("replaces a nonce in the page's Content-Security-Policy by the hashes of its inline scripts and styles", async () => {
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100 });
    const page = await cache.get("/privacy-policy", 1, async () => ({
      status: 200,
      headers: new Headers({ "content-security-policy": "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'nonce-abc'; img-src 'self'" }),
      html: `<html><head><style>p{color:red}</style></head><body><script nonce="abc">hello()</script><script src="/a.js"></script></body></html>`,
    }));
    const csp = new Map(page.headers).get("content-security-policy");
    expect(csp).toBe(
      "default-src 'self'; script-src 'self' 'sha256-mTytrf2QssaOZNGNRT1WCtMRd3ocH8LJxQQu5qMUanU='; " +
        "style-src 'self' 'sha256-p0bF+un5yUb9MBO6xRb8kPHlY2BdpHVtLiFkDrZPF64='; img-src 'self'",
    );
    expect(csp).not.toContain("nonce");
  });

  it("serves what it kept but keeps nothing new while it cannot hear the database, and drops it all once it hears again", async () => {
    const cache = createPageCache(changes, { bytes: 1e8, pages: 100 });
    const { render, renders } = renderer();
    expect(await html(await cache.get("/", 1, render))).toContain("render 1");
    await database.pool.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()", [
      CHANGE_FEED_APPLICATION_NAME,
    ]);
    await vi.waitFor(() => expect(changes.live).toBe(false));
    // The page kept before is served as it was; another is rendered per request, and not kept.
    expect(await html(await cache.get("/", 1, render))).toContain("render 1");
    await cache.get("/license", 1, render);
    await cache.get("/license", 1, render);
    expect(renders()).toBe(3);
    await vi.waitFor(() => expect(changes.live).toBe(true), { timeout: 5000 });
    // Changes made meanwhile went unheard: the kept page is rendered anew, then kept again.
    expect(await html(await cache.get("/", 1, render))).toContain("render 4");
    expect(await html(await cache.get("/", 1, render))).toContain("render 4");
    expect(renders()).toBe(4);
  });
});

describe("which requests share a kept page", () => {
  it("keys a page by its path and the query parameters it reads, in a fixed order", () => {
    expect(pageCacheKey("/")).toMatchObject({ key: "/", variants: EXPLORE_VARIANTS });
    expect(pageCacheKey("/?tag=sea")).toMatchObject({ key: "/?tag=sea", variants: 1 });
    expect(pageCacheKey("/?utm_source=mail&fbclid=123")?.key).toBe("/");
    expect(pageCacheKey("/?color=blue&x=1&tag=sea&orientation=portrait")?.key).toBe("/?tag=sea&orientation=portrait&color=blue");
    expect(pageCacheKey("/?tag=sea&q=")?.key).toBe("/?tag=sea");
    expect(pageCacheKey("/?q=golden+hour&color=blue&page=3")?.key).toBe("/?q=golden+hour&color=blue");
    // A tag wins over a search: the page is the tag's.
    expect(pageCacheKey("/?q=golden&tag=sea")?.key).toBe("/?tag=sea");
    expect(pageCacheKey("/creator/Mira%20Holt?color=red&q=x&page=2")?.key).toBe("/creator/Mira%20Holt?color=red");
    expect(pageCacheKey("/creator/Mira%20Holt?color=red&page=2")?.key).toBe("/creator/Mira%20Holt?color=red");
    expect(pageCacheKey("/license?lang=fr")?.key).toBe("/license");
    expect(pageCacheKey("/images/12-harbour?ref=x")?.key).toBe("/images/12-harbour");
    expect(pageCacheKey("/creator/Mira%20Holt")?.key).toBe("/creator/Mira%20Holt");
  });

  it("keeps each language's page apart, under its own prefix", () => {
    expect(pageCacheKey("/de/")).toMatchObject({ key: "/de/", variants: EXPLORE_VARIANTS });
    expect(pageCacheKey("/pt-br?tag=sea")?.key).toBe("/pt-br?tag=sea");
    expect(pageCacheKey("/ja/images/12-harbour?ref=x")?.key).toBe("/ja/images/12-harbour");
    expect(pageCacheKey("/ar/license")?.key).toBe("/ar/license");
    for (const url of ["/xx/", "/de/login", "/de/images/12-harbour.data", "/de/de/"]) expect(pageCacheKey(url), url).toBeUndefined();
  });

  it("renders per viewer whoever carries a session cookie, valid or not", () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("theme=dark; consent=yes")).toBe(false);
    expect(hasSessionCookie("stockroom.session_data=x")).toBe(false);
    expect(hasSessionCookie("stockroom.session_token=abc")).toBe(true);
    expect(hasSessionCookie("theme=dark; __Secure-stockroom.session_token=abc")).toBe(true);
    for (const spelling of ["stockroom.session_token =abc", "; stockroom.session_token = abc", "STOCKROOM.SESSION_TOKEN=abc", "__Host-stockroom.session_token=abc", 'stockroom.session_token="abc"', "\u00a0stockroom.session_token=abc"]) {
      expect(hasSessionCookie(spelling), spelling).toBe(true);
    }
  });

  it("leaves every other request to be rendered for its viewer", () => {
    for (const url of ["/login", "/profile-settings", "/images/12-harbour.data", "/_root.data", "/sitemap.xml", "/api/images", `/?q=${"a".repeat(2000)}`]) {
      expect(pageCacheKey(url)).toBeUndefined();
    }
  });
});
