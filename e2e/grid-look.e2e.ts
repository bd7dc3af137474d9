import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, interactive, newPage, type ViewportName } from "./browser.ts";
import { cards, watchLayoutShifts } from "./gallery-page.ts";

/** How the grid looks as it arrives: the site's own font, and images fading in over their placeholders. */

const viewportNames = ["phone", "desktop"] as const satisfies ViewportName[];

/** Each card image's opacity, whether it has loaded, and its card's background image (the placeholder behind it). */
const cardImages = (page: Page) =>
  cards(page).evaluateAll((items) =>
    items.map((item) => {
      const img = item.querySelector("img")!;
      return {
        opacity: getComputedStyle(img).opacity,
        complete: img.complete,
        behind: getComputedStyle(img.closest("a")!).backgroundImage,
      };
    }),
  );

describe("the site's font", () => {
  it("is Inter from the site itself: preloaded once, hashed and cached for a year", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const preload = /<link [^>]*inter-latin-wght-normal[^>]*>/.exec(html)?.[0] ?? "";
    const href = /href="(\/assets\/inter-latin-wght-normal-[\w-]+\.woff2)"/.exec(preload)?.[1];
    expect(href, preload).toBeDefined();
    expect(preload).toContain('rel="preload"');
    expect(preload).toContain('as="font"');
    expect(preload).toContain('type="font/woff2"');
    // Fonts are fetched in CORS mode: a preload without crossorigin would be fetched twice.
    expect(preload).toContain('crossorigin="anonymous"');
    // The inline styles' @font-face names the very file preloaded, shown only if there for the first paint.
    expect(html).toContain(`url(${href})`);
    expect(html).toMatch(/font-display:\s*optional/);
    const font = await fetch(`${baseUrl()}${href}`);
    expect(font.status).toBe(200);
    expect(font.headers.get("content-type")).toBe("font/woff2");
    expect(font.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  for (const viewport of viewportNames) {
    it(`gives a ${viewport}'s page Inter, fetched once, and nothing moves`, async () => {
      const page = await newPage(viewport);
      const fonts: string[] = [];
      page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
      const shifts = await watchLayoutShifts(page);
      await page.goto("/", { waitUntil: "networkidle" });
      expect(fonts).toHaveLength(1);
      expect(fonts[0]).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
      expect(await page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family))).toEqual(["Inter"]);
      expect(await page.getByRole("link", { name: "Join" }).evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^Inter,/);
      expect(await shifts()).toEqual([]);
    });
  }
});

describe("grid images", () => {
  for (const viewport of viewportNames) {
    it(`fade in on a ${viewport} over their placeholder once loaded, and never stay hidden`, async () => {
      const page = await newPage(viewport);
      // The images wait until the page has come to life.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith("/media/"),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await interactive(cards(page).first().locator("a").first());
      const waiting = (await cardImages(page)).slice(0, 4);
      for (const image of waiting) {
        expect(image.complete).toBe(false);
        expect(image.opacity).toBe("0");
      }
      // The thumbhashes, decoded one by one when the browser is idle (at the latest 500 ms after
      // each asks), drawn behind the images: on a busy machine that takes longer than poll's 1 s.
      await expect
        .poll(async () => (await cardImages(page)).slice(0, 4).map((image) => image.behind.startsWith('url("data:image/png;base64,')), { timeout: 15_000 })
        .toEqual([true, true, true, true]);
      const first = cards(page).first().locator("a").first().locator("img");
      expect(await first.evaluate((img) => getComputedStyle(img).transitionDuration)).toMatch(/^0\.2s/);

      release();
      await page.waitForLoadState("networkidle");
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && getComputedStyle(img).opacity)).toBe("1");
      // The placeholder stays behind the image it faded in over.
      expect(await first.evaluate((img) => getComputedStyle(img.closest("a")!).backgroundImage)).toMatch(/^url\("data:image\/png;base64,/);
    });

    it(`show on a ${viewport} when loaded before the page came to life, and without JavaScript`, async () => {
      const page = await newPage(viewport);
      // The scripts wait until the first images have loaded; what loads after the page runs may fade in.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await expect.poll(async () => (await cardImages(page)).slice(0, 4).every((image) => image.complete), { timeout: 15_000 }).toBe(true);
      const loadedBefore = (await cardImages(page)).flatMap((image, index) => (image.complete ? [index] : []));
      release();
      await interactive(cards(page).first().locator("a").first());
      const images = await cardImages(page);
      expect(loadedBefore.map((index) => images[index]!.opacity).filter((opacity) => opacity !== "1")).toEqual([]);

      const plain = await newPage(viewport, { javaScriptEnabled: false });
      await plain.goto("/", { waitUntil: "networkidle" });
      const shown = await cardImages(plain);
      expect(shown.filter((image) => image.complete).length).toBeGreaterThanOrEqual(4);
      expect(shown.filter((image) => image.opacity !== "1")).toEqual([]);
    });
  }

  it("appear without a transition for a visitor who asks for reduced motion", async () => {
    const page = await newPage("phone", { reducedMotion: "reduce" });
    await page.goto("/", { waitUntil: "networkidle" });
    const first = cards(page).first().locator("a").first().locator("img");
    expect(await first.evaluate((img) => getComputedStyle(img).transitionProperty)).toBe("none");
  });
});
