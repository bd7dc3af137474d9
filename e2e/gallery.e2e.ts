import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { baseUrl, expectNoAxeViolations, interactive, newPage } from "./browser.ts";
import { cards, imageDetail, newestImages, popularTag, shownIds, watchLayoutShifts } from "./gallery-page.ts";

/** The gallery home, its grid, tags, search and the pages around it, in Chromium at desktop and phone sizes. */

describe("home page", () => {
  it("server-renders the first page of the grid, newest first, with responsive images", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const newest = await newestImages(30);
    const first = newest[0]!;
    expect(html).toContain(`data-image-id="${first.id}"`);
    expect(html.match(/data-image-id="/g)?.length).toBe(30);
    const pictures = html.match(/<picture>.*?<\/picture>/g)!;
    expect(pictures.length).toBe(30);
    const imgs = pictures.map((picture) => /<img [^>]*>/.exec(picture)![0]);
    for (const picture of pictures) {
      expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]+ \d+w[^"]*" sizes="[^"]+"/);
      expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]+ \d+w[^"]*" sizes="[^"]+"/);
    }
    for (const tag of imgs) {
      expect(tag).toMatch(/src="[^"]+\.jpg"/);
      expect(tag).toMatch(/width="\d+"/);
      expect(tag).toMatch(/height="\d+"/);
      expect(tag).toMatch(/alt="[^"]+"/);
      expect(tag).toContain('decoding="async"');
    }
    expect(imgs.slice(0, 5).every((tag) => tag.includes('fetchPriority="high"') || tag.includes('fetchpriority="high"'))).toBe(true);
    expect(imgs.slice(5).every((tag) => tag.includes('loading="lazy"'))).toBe(true);
    expect(html).toContain('type="image/avif"');
    expect(html).toContain('type="image/webp"');
    expect(html).toContain(`background-color:${first.color}`);
  });

  it("paints styled from the HTML alone: the page's styles come inline, not from a stylesheet it must wait for", async () => {
    const page = await newPage();
    const stylesheets: string[] = [];
    await page.route("**/*.css", (route) => {
      stylesheets.push(route.request().url());
      return route.abort();
    });
    await page.goto("/", { waitUntil: "networkidle" });
    const boxes = await cards(page).evaluateAll((items) => items.slice(0, 8).map((item) => Math.round(item.getBoundingClientRect().left)));
    expect(new Set(boxes).size).toBe(4);
    expect(await page.getByRole("link", { name: "Join" }).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    // The stylesheet is still linked (hydration expects it) but only for print, so the paint never waits for it.
    expect(stylesheets.length).toBe(1);
    expect(await page.locator('link[rel="stylesheet"]').getAttribute("media")).toBe("print");
  });

  it("asks for its first images before its scripts, and still comes to life", async () => {
    const page = await newPage();
    await page.goto("/", { waitUntil: "load" });
    const started = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const first = (match: (entry: PerformanceResourceTiming) => boolean) => Math.min(...entries.filter(match).map((entry) => entry.startTime));
      return { image: first((entry) => entry.initiatorType === "img"), script: first((entry) => entry.name.endsWith(".js")) };
    });
    // No script preloaded from <head>: on a slow phone the first row's images had to share the line with 100 KB of scripts.
    expect(started.image).toBeLessThan(started.script);
    // The scripts still come, and the page hydrates: a card's Like asks an anonymous visitor to sign in.
    const like = cards(page).first().getByRole("button", { name: /^Like / });
    await interactive(like);
    await cards(page).first().hover();
    await like.click();
    await page.waitForURL((url) => url.pathname === "/login");
  });

  // Spec: 2 columns; 3 from 640px; 3 from 768px; 4 from 1024px; 4 from 1280px; 5 from 1536px; gap 16px.
  const breakpoints: Array<[number, number]> = [
    [390, 2],
    [639, 2],
    [640, 3],
    [800, 3],
    [1024, 4],
    [1300, 4],
    [1536, 5],
    [1920, 5],
  ];
  /**
   * A proxy in front of the server that hands each page's HTML to `send` (uncompressed) and
   * everything else through as it is: a slow or stalling connection, made to order.
   */
  async function htmlProxy(send: (html: Buffer, res: http.ServerResponse) => Promise<void>): Promise<{ origin: string; close: () => void }> {
    const proxy = http.createServer((req, res) => {
      void (async () => {
        const upstream = await fetch(`${baseUrl()}${req.url}`, { headers: { accept: req.headers.accept ?? "*/*", "accept-encoding": "identity" } });
        const type = upstream.headers.get("content-type") ?? "application/octet-stream";
        const body = Buffer.from(await upstream.arrayBuffer());
        res.writeHead(upstream.status, { "content-type": type });
        if (type.startsWith("text/html")) await send(body, res);
        res.end(type.startsWith("text/html") ? undefined : body);
      })();
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    return { origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => proxy.close() };
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("paints nothing until a page's top has arrived whole: title, tags and filters, or the image page's top bar", async () => {
    // The HTML stalls for 400 ms just before the page's first-paint boundary (app/lib/first-paint.tsx).
    // Chromium draws no frame, so runs no animation frame callback, while the first paint is held.
    let boundary = "";
    const stalled: string[] = [];
    const proxy = await htmlProxy(async (html, res) => {
      const at = html.indexOf(`id="${boundary}"`);
      if (at < 0) return void res.write(html);
      stalled.push(boundary);
      res.write(html.subarray(0, at));
      await pause(400);
      res.write(html.subarray(at));
    });
    const image = (await newestImages(3))[2]!;
    const drawnEarly: string[] = [];
    try {
      for (const [width, path, id] of [
        [390, "/", "results"],
        [1300, "/", "results"],
        [1300, `/?q=${encodeURIComponent(image.title.split(" ")[0]!)}`, "results"],
        [1300, `/creator/${encodeURIComponent(image.creator.name)}`, "results"],
        [390, image.path, "image-frame"],
        [1280, image.path, "image-frame"],
      ] as const) {
        boundary = id;
        const page = await newPage("desktop", { viewport: { width, height: 900 } });
        await page.addInitScript((expected) => {
          requestAnimationFrame(() => ((window as unknown as { firstFrameHad: boolean }).firstFrameHad = document.getElementById(expected) !== null));
        }, id);
        await page.goto(`${proxy.origin}${path}`, { waitUntil: "load" });
        if (!(await page.evaluate(() => (window as unknown as { firstFrameHad: boolean }).firstFrameHad))) drawnEarly.push(`${path} at ${width}px`);
        await page.close();
      }
    } finally {
      proxy.close();
    }
    expect(stalled).toHaveLength(6);
    expect(drawnEarly).toEqual([]);
  });

  it("moves nothing while its HTML arrives a piece at a time, as on a slow connection", async () => {
    // The proxy sends each page's HTML in 2 KB pieces, 30 ms apart: the browser paints what it has meanwhile.
    const proxy = await htmlProxy(async (html, res) => {
      for (let at = 0; at < html.length; at += 2000) {
        if (at > 0) await pause(30);
        res.write(html.subarray(at, at + 2000));
      }
    });
    const image = (await newestImages(3))[2]!;
    const moved: string[] = [];
    try {
      for (const [width, path] of [[390, "/"], [639, "/"], [1024, "/"], [1920, "/"], [390, image.path], [1280, image.path]] as const) {
        const page = await newPage("desktop", { viewport: { width, height: 900 } });
        const shifts = await watchLayoutShifts(page);
        await page.goto(`${proxy.origin}${path}`, { waitUntil: "load" });
        moved.push(...(await shifts()).map((shift) => `${path} at ${width}px: ${shift}`));
        await page.close();
      }
    } finally {
      proxy.close();
    }
    expect(moved).toEqual([]);
  });

  it.each(breakpoints)("lays the grid out at %ipx wide in %i columns with a 16px gap, and nothing moves", async (width, columns) => {
    const page = await newPage("desktop", { viewport: { width, height: 900 } });
    const shifts = await watchLayoutShifts(page);
    await page.goto("/", { waitUntil: "networkidle" });
    const boxes = await cards(page).evaluateAll((items) => items.slice(0, 20).map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const lefts = [...new Set(boxes.map((box) => Math.round(box.left)))].sort((a, b) => a - b);
    expect(lefts.length).toBe(columns);
    const width0 = boxes[0]!.width;
    for (let i = 1; i < lefts.length; i++) expect(Math.abs(lefts[i]! - lefts[i - 1]! - width0 - 16)).toBeLessThan(1);
    // Within a column, cards stack 16px apart.
    const firstColumn = boxes.filter((box) => Math.round(box.left) === lefts[0]).sort((a, b) => a.top - b.top);
    expect(Math.abs(firstColumn[1]!.top - firstColumn[0]!.bottom - 16)).toBeLessThan(1);
    expect(await shifts()).toEqual([]);
  });

  it("loads the next page as the visitor scrolls, a page at a time, without moving the cards already placed", async () => {
    const page = await newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await cards(page).count()).toBe(30);
    const before = await cards(page).evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const next = page.waitForRequest((request) => request.url().includes("/api/images?"));
    await page.mouse.wheel(0, 20_000);
    const url = new URL((await next).url());
    expect(url.searchParams.get("cursor")).toBeTruthy();
    expect(Number(url.searchParams.get("limit") ?? 30)).toBeLessThanOrEqual(30);
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Images"] > li').length > 30);
    const after = await cards(page).evaluateAll((items) => items.slice(0, 30).map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const scrolled = await page.evaluate(() => window.scrollY);
    after.forEach((box, i) => {
      expect(box.left).toBe(before[i]!.left);
      expect(box.top + scrolled).toBeCloseTo(before[i]!.top, 0);
    });
  });

  it("shows 'Loading...' with a spinner while the next page is on its way", async () => {
    const page = await newPage("phone");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/images?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await page.mouse.wheel(0, 20_000);
    const status = page.getByRole("status").filter({ hasText: "Loading..." });
    await status.waitFor();
    expect(await status.locator("svg").count()).toBe(1);
    release();
    await status.waitFor({ state: "detached" });
  });

  it("filters by a tag from ?tag=, shows 'Listing images from \"{tag}\"' and clears the filter", async () => {
    const { tag, count } = await popularTag();
    const page = await newPage();
    await page.goto(`/?tag=${encodeURIComponent(tag.toUpperCase())}`);
    await page.getByRole("heading", { name: `Listing images from "${tag.toUpperCase()}"` }).waitFor();
    expect(await cards(page).count()).toBe(Math.min(count, 30));
    await page.getByRole("button", { name: "Clear filter" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole("heading", { name: "Free images for every project" }).waitFor();
  });

  it("takes the tag from the navigation state too", async () => {
    const { tag } = await popularTag();
    const page = await newPage();
    await page.goto("/license", { waitUntil: "networkidle" });
    // The network at rest is not the page run: on a busy machine React Router's scripts are still being evaluated.
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.evaluate((value) => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string, options: object): Promise<void> } }).__reactRouterDataRouter;
      return router.navigate("/", { state: { tag: value } });
    }, tag);
    await page.getByRole("heading", { name: `Listing images from "${tag}"` }).waitFor();
    expect(new URL(page.url()).searchParams.get("tag")).toBe(tag);
  });

  it("shows 8 random tags under 'Explore tags' and shuffles them", async () => {
    const page = await newPage("phone");
    await page.goto("/");
    const section = page.getByRole("region", { name: "Explore tags" });
    await section.getByRole("heading", { name: "Explore tags" }).waitFor();
    const links = section.getByRole("link");
    expect(await links.count()).toBe(8);
    const shuffled = page.waitForResponse((response) => response.url().endsWith("/api/tags/random"));
    await section.getByRole("button", { name: "Shuffle" }).click();
    const response = await shuffled;
    expect(response.status()).toBe(200);
    const { tags } = (await response.json()) as { tags: string[] };
    // The shuffled tags are the ones shown, once React has rendered them.
    await page.waitForFunction(
      (expected) => [...document.querySelectorAll("[aria-labelledby=explore-tags] a")].map((a) => a.textContent).join("|") === expected,
      tags.join("|"),
    );
    const tag = tags[0]!;
    await links.first().click();
    await page.getByRole("heading", { name: `Listing images from "${tag}"` }).waitFor();
  });

  it("searches by text with tag suggestions from two characters", async () => {
    const { tag } = await popularTag();
    const page = await newPage();
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search images" });
    await box.fill(tag.slice(0, 1));
    const listbox = page.getByRole("listbox", { name: "Tag suggestions" });
    expect(await listbox.isVisible()).toBe(false);
    await box.fill(tag.slice(0, 2));
    await listbox.waitFor();
    const options = listbox.getByRole("option");
    expect(await options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(6);
    for (const option of await options.allTextContents()) expect(option.toLowerCase()).toContain(tag.slice(0, 2).toLowerCase());

    await box.fill(`  ${tag}  `);
    await box.press("Enter");
    await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${tag}"$`) }).waitFor();

    await box.fill("zzqx nothing like this");
    await box.press("Enter");
    await page.getByRole("heading", { name: 'No images found for "zzqx nothing like this"' }).waitFor();
  });

  it("picks a suggestion with the keyboard, and closes the suggestions after the box loses focus", async () => {
    const { tag } = await popularTag();
    const page = await newPage();
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search images" });
    await box.fill(tag.slice(0, 3));
    const listbox = page.getByRole("listbox", { name: "Tag suggestions" });
    await listbox.waitFor();
    await box.press("ArrowDown");
    const first = listbox.getByRole("option").first();
    expect(await first.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    const picked = (await first.textContent())!;
    await box.press("Enter");
    await page.getByRole("heading", { name: `Listing images from "${picked}"` }).waitFor();

    await box.fill(tag.slice(0, 3));
    await listbox.waitFor();
    await page.getByRole("heading", { level: 1 }).click();
    await listbox.waitFor({ state: "hidden" });
  });

  it("opens a full-screen search on a phone", async () => {
    const page = await newPage("phone");
    await page.goto("/");
    expect(await page.getByRole("combobox", { name: "Search images" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    const box = dialog.getByRole("combobox", { name: "Search images" });
    await box.waitFor();
    const size = await dialog.boundingBox();
    expect(size).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await box.fill("mountains");
    await box.press("Enter");
    await page.waitForURL(/\?q=mountains/);
    await dialog.waitFor({ state: "detached" });

    // Escape closes the suggestions first, then the search.
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await box.fill("mo");
    const listbox = dialog.getByRole("listbox", { name: "Tag suggestions" });
    await listbox.waitFor();
    await page.keyboard.press("Escape");
    await listbox.waitFor({ state: "hidden" });
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("shows the card's actions on hover and on keyboard focus, and sends an anonymous like to sign in", async () => {
    const page = await newPage();
    await page.goto("/");
    const card = cards(page).nth(1);
    const like = card.getByRole("button", { name: /^Like / });
    expect(await like.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe("0");
    await card.hover();
    await page.waitForFunction((el) => getComputedStyle(el!).opacity === "1", await like.evaluateHandle((el) => el.parentElement));
    await card.getByRole("button", { name: /^More actions for / }).waitFor();
    await card.getByRole("link", { name: "Download", exact: false }).last().waitFor();
    const creator = await card.locator('a[href^="/creator/"]').getAttribute("href");
    expect(creator).toMatch(/^\/creator\/.+/);

    await page.mouse.move(0, 0);
    await card.locator("a").first().focus();
    await page.waitForFunction((el) => getComputedStyle(el!).opacity === "1", await like.evaluateHandle((el) => el.parentElement));

    await like.click();
    await page.waitForURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/");
  });

  it("hides the more-actions menu on a phone", async () => {
    const page = await newPage("phone");
    await page.goto("/");
    expect(await cards(page).first().getByRole("button", { name: /^More actions for / }).isVisible()).toBe(false);
  });

  it("shows 'Failed to load image' when an image cannot be loaded", async () => {
    const page = await newPage();
    await page.route("**/media/**", (route) => route.abort());
    await page.goto("/");
    await cards(page).first().getByText("Failed to load image").waitFor();

    // The overlay's large image and its related images too.
    const [shown] = await shownIds(page);
    const image = await imageDetail(shown!);
    await cards(page).first().locator("a").first().click();
    const dialog = page.getByRole("dialog", { name: image.title });
    await dialog.waitFor();
    const related = dialog.getByRole("region", { name: "Related images" });
    await related.waitFor();
    await related.getByText("Failed to load image").first().waitFor();
    expect(await related.getByText("Failed to load image").count()).toBe(await related.getByRole("listitem").count());
    expect(await dialog.getByText("Failed to load image").count()).toBe((await related.getByRole("listitem").count()) + 1);
  });

  for (const viewport of ["phone", "desktop"] as const) {
    it(`says on a ${viewport} that the gallery could not be loaded when a navigation's data fails, and loads it again in place with Try again`, async () => {
      const page = await newPage(viewport);
      await page.goto("/", { waitUntil: "networkidle" });
      const chip = page.getByRole("region", { name: "Explore tags" }).getByRole("link").first();
      await interactive(chip);
      const tag = (await chip.textContent())!;
      // The page's data request for the next list is cut, as a dropped connection would.
      let cut = true;
      await page.route(/\.data(\?|$)/, (route) => (cut ? route.abort("connectionfailed") : route.continue()));
      await chip.click();
      await page.getByRole("heading", { name: "The gallery could not be loaded" }).waitFor();
      expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);
      await expectNoAxeViolations(page);
      cut = false;
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { name: `Listing images from "${tag}"` }).waitFor();
      expect(await cards(page).count()).toBeGreaterThan(0);
      expect(new URL(page.url()).searchParams.get("tag")).toBe(tag);
    });
  }

  it("answers a search or tag longer than the API takes with the normal empty results, not an error", async () => {
    const page = await newPage();
    const long = "zq".repeat(150);
    const search = await page.goto(`/?q=${long}`);
    expect(search!.status()).toBe(200);
    await page.getByRole("heading", { name: `No images found for "${long.slice(0, 200)}"` }).waitFor();
    const tagged = await page.goto(`/?tag=${"x".repeat(150)}`);
    expect(tagged!.status()).toBe(200);
    await page.getByText(`No images are tagged "${"x".repeat(150)}" yet`).waitFor();
    // The search box takes no more than the API accepts.
    expect(await page.getByRole("combobox", { name: "Search images" }).first().getAttribute("maxlength")).toBe("200");
  });

  it("goes home, clears the filter and scrolls to the top from the logo", async () => {
    const { tag } = await popularTag();
    const page = await newPage();
    await page.goto(`/?tag=${encodeURIComponent(tag)}`);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY > 0);
    await page.getByRole("link", { name: "Stockroom home" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole("heading", { name: "Free images for every project" }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe("header", () => {
  it("offers Login and Join, and a menu with the legal pages and the social profile", async () => {
    const page = await newPage("phone");
    await page.goto("/");
    expect(await page.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(await page.getByRole("link", { name: "Join" }).getAttribute("href")).toBe("/signup");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Site" });
    for (const [name, href] of [
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Service", "/terms-of-service"],
      ["License", "/license"],
    ]) {
      expect(await menu.getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    expect(await menu.getByRole("link", { name: /Contact us/ }).getAttribute("href")).toBe("https://x.com/stockroom");
    await menu.getByRole("link", { name: "License" }).click();
    await page.getByRole("heading", { name: "License", level: 1 }).waitFor();
  });

  it("shows a Profile link to a signed-in visitor", async () => {
    const page = await newPage();
    const email = `gallery-${crypto.randomUUID()}@example.test`;
    const res = await page.request.post("/api/auth/sign-up/email", {
      data: { name: "Gale Gallery", email, password: "gallery e2e passphrase" },
      headers: { origin: baseUrl() },
    });
    expect(res.status()).toBe(200);
    await page.goto("/");
    expect(await page.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/profile-settings");
    expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);
  });
});

describe("creator page", () => {
  it("shows the creator's totals and images", async () => {
    const image = (await newestImages(1))[0]!;
    const page = await newPage("phone");
    await page.goto("/");
    await page.locator(`li[data-image-id="${image.id}"] a[href^="/creator/"]`).dispatchEvent("click");
    await page.waitForURL(`${baseUrl()}/creator/${encodeURIComponent(image.creator.name)}`);
    await page.getByRole("heading", { name: image.creator.name, level: 1 }).waitFor();
    for (const stat of ["Uploads", "Downloads", "Likes"]) await page.getByText(stat, { exact: true }).waitFor();
    const heading = await page.getByRole("heading", { level: 2 }).filter({ hasText: "Images by" }).textContent();
    const count = Number(/\((\d+)\)$/.exec(heading!)![1]);
    expect(heading).toBe(`Images by ${image.creator.name} (${count})`);
    expect(await page.getByRole("list", { name: `Images by ${image.creator.name}` }).locator(":scope > li").count()).toBe(Math.min(count, 30));
    await page.getByRole("link", { name: "Back to gallery" }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });

  it("says 'Creator not found' for a name without images", async () => {
    const page = await newPage();
    const response = await page.goto("/creator/Nobody%20Here%20At%20All");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Creator not found" }).waitFor();
    await page.getByRole("link", { name: "Return to home" }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });
});

describe("legal pages", () => {
  const today = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

  it.each([
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-of-service", "Terms of Service"],
    ["/license", "License"],
  ])("%s has the header, a way back and today's 'Last updated' date", async (path, title) => {
    const page = await newPage("phone");
    await page.goto(path);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await page.getByText(`Last updated: ${today}`).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Stockroom home" }).waitFor();
    await page.getByRole("link", { name: "Back to gallery" }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });

  it("lists what the license allows and forbids", async () => {
    const page = await newPage();
    await page.goto("/license");
    const allowed = await page.getByRole("list", { name: "Allowed uses" }).getByRole("listitem").allTextContents();
    for (const use of ["Commercial", "Personal", "Modify", "Distribute", "No attribution", "multiple", "Print", "Digital"]) {
      expect(allowed.some((item) => item.toLowerCase().includes(use.toLowerCase()))).toBe(true);
    }
    const forbidden = await page.getByRole("list", { name: "Forbidden uses" }).getByRole("listitem").allTextContents();
    for (const use of ["ownership", "stock", "illegal", "trademark"]) {
      expect(forbidden.some((item) => item.toLowerCase().includes(use))).toBe(true);
    }
  });

  it("lists the data collected on the privacy page", async () => {
    const page = await newPage();
    await page.goto("/privacy-policy");
    for (const item of ["Usage analytics", "Anonymous download statistics", "Search queries", "Your account", "Your likes"]) {
      await page.getByText(item, { exact: true }).waitFor();
    }
  });
});

describe("404 page", () => {
  it("answers 404 with 'Oops! Page not found', logs the path and links home", async () => {
    const page = await newPage();
    const logged: string[] = [];
    page.on("console", (message) => message.type() === "error" && logged.push(message.text()));
    const response = await page.goto("/no/such/page?x=1");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await expect.poll(() => logged.some((line) => line.includes("/no/such/page"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });

  it("answers 404 for an image that does not exist", async () => {
    const response = await fetch(`${baseUrl()}/images/99999999-nothing`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every published image page and the static pages with absolute URLs", async () => {
    const response = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const image of await newestImages(60)) expect(urls).toContain(`${baseUrl()}${image.path}`);
    for (const path of ["/", "/license", "/privacy-policy", "/terms-of-service"]) expect(urls).toContain(`${baseUrl()}${path}`);
    // Each page in every language, English the default.
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${baseUrl()}/de/license"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="pt-BR" href="${baseUrl()}/pt-br/license"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseUrl()}/license"/>`);
  });

  it("points robots.txt at the sitemap", async () => {
    const text = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});
