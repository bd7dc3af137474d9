import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CreatorTotals, ImageSummary } from "#contracts/catalog";
import { baseUrl, interactive, newContext, newPage, type ViewportName } from "./browser.ts";
import { imageDetail, newestImages } from "./gallery-page.ts";

/**
 * Likes, downloads, share and reports as a visitor meets them: on a card of the grid and in
 * the image's detail, signed in or not. Each test takes its own image of the demo catalog
 * and its own accounts, and checks counts relative to what it saw first.
 */

const PASSWORD = "engagement e2e passphrase";

/** A browser profile signed in to a new account (through Better Auth's endpoint, as the sign-up form does). */
async function signedIn(
  options: Parameters<typeof newContext>[1] = {},
  viewport: ViewportName = "desktop",
): Promise<{ context: BrowserContext; email: string }> {
  const context = await newContext(viewport, options);
  const email = `engage-${randomUUID()}@example.test`;
  const res = await context.request.post("/api/auth/sign-up/email", {
    data: { name: "Eve Engage", email, password: PASSWORD },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  return { context, email };
}

/** Another browser signed in to the same account. */
async function signIn(email: string): Promise<BrowserContext> {
  const context = await newContext("desktop");
  const res = await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(200);
  return context;
}

/** The n-th newest image of the demo catalog: each test takes its own, so parallel tests do not share counts. */
async function nthImage(n: number): Promise<ImageSummary> {
  return (await newestImages())[n]!;
}

/** The image's detail over the gallery, once it shows and works. */
async function detailOf(page: Page, image: ImageSummary) {
  const dialog = page.getByRole("dialog", { name: image.title });
  await dialog.waitFor();
  await interactive(dialog);
  return dialog;
}

/** The image's own page. */
async function openImage(page: Page, image: ImageSummary) {
  await page.goto(image.path);
  return detailOf(page, image);
}

const likeButton = (dialog: Locator) => dialog.getByRole("button", { name: /^(Like|Unlike)$/ });

describe("likes", () => {
  it("sends an anonymous visitor to sign in, and back to the same page afterwards", async () => {
    const image = await nthImage(20);
    const page = await newPage();
    const dialog = await openImage(page, image);
    await likeButton(dialog).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(image.path);

    const email = `engage-${randomUUID()}@example.test`;
    const res = await page.context().request.post("/api/auth/sign-up/email", {
      data: { name: "Returning Visitor", email, password: PASSWORD },
      headers: { origin: baseUrl() },
    });
    expect(res.status()).toBe(200);
    await page.context().clearCookies();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === image.path);
    await detailOf(page, image);
  });

  it("likes at once, keeps the like after a reload and in another browser on the same account", async () => {
    const image = await nthImage(21);
    const { context, email } = await signedIn();
    const page = await context.newPage();
    const dialog = await openImage(page, image);
    const like = likeButton(dialog);
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    const before = await fact(dialog, "Likes");

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/like`) && r.request().method() === "PUT");
    await like.click();
    expect(await like.getAttribute("aria-pressed")).toBe("true");
    expect((await saved).status()).toBe(200);
    expect(await fact(dialog, "Likes")).toBe(before + 1);

    await page.reload();
    const reloaded = await detailOf(page, image);
    expect(await likeButton(reloaded).getAttribute("aria-pressed")).toBe("true");
    expect(await fact(reloaded, "Likes")).toBe(before + 1);

    const elsewhere = await (await signIn(email)).newPage();
    const there = await openImage(elsewhere, image);
    expect(await likeButton(there).getAttribute("aria-pressed")).toBe("true");

    // U unlikes in the overlay.
    const removed = elsewhere.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/like`) && r.request().method() === "DELETE");
    await elsewhere.keyboard.press("u");
    expect((await removed).status()).toBe(200);
    expect(await likeButton(there).getAttribute("aria-pressed")).toBe("false");
    expect(await fact(there, "Likes")).toBe(before);
  });

  it("shows an anonymous visitor the likes given since their page was kept, as soon as the image opens", async () => {
    const image = await nthImage(31);
    const page = await newPage();
    const before = await fact(await openImage(page, image), "Likes"); // and the page is kept for anonymous visitors
    const { context } = await signedIn();
    expect((await context.request.put(`/api/images/${image.id}/like`, { headers: { origin: baseUrl() } })).status()).toBe(200);

    // The page sent again is the one kept before the like (counts may be 30 s old there); the
    // answer to the view the overlay counts brings the count of now.
    await page.reload();
    const dialog = await detailOf(page, image);
    await expect.poll(() => fact(dialog, "Likes")).toBe(before + 1);
  });

  it("shows an anonymous visitor a creator's totals of the moment on a kept creator page", async () => {
    const image = await nthImage(33);
    const creatorPath = `/creator/${encodeURIComponent(image.creator.name)}`;
    const page = await newPage();
    await page.goto(creatorPath); // and the page is kept for anonymous visitors
    const totals = page.getByRole("main");
    await totals.locator("dt", { hasText: /^Likes$/ }).waitFor();
    const { context } = await signedIn();
    expect((await context.request.put(`/api/images/${image.id}/like`, { headers: { origin: baseUrl() } })).status()).toBe(200);

    // The page sent again is the one kept before the like (its totals may be 30 s old); it asks
    // for the totals of now as it opens, and shows them. (Other tests like this creator's images
    // too: what the answer says, the like included, is what the page must show.)
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith("/totals"));
    await page.reload();
    const now = (await (await answered).json()) as CreatorTotals;
    await expect.poll(() => fact(totals, "Likes"), { timeout: 5_000 }).toBe(now.likes);
  });

  it("keeps the last of a quick like and unlike, even when the like is answered late", async () => {
    const image = await nthImage(28);
    const { context } = await signedIn();
    const page = await context.newPage();
    const dialog = await openImage(page, image);
    const seen: string[] = [];
    // The like is held back until the unlike has been clicked: sent at once, the unlike would overtake it.
    let releaseLike = () => {};
    const likeHeld = new Promise<void>((resolve) => (releaseLike = resolve));
    await page.route(`**/api/images/${image.id}/like`, async (route) => {
      seen.push(`${route.request().method()} sent`);
      if (route.request().method() === "PUT") await likeHeld;
      await route.continue();
    });
    page.on("response", (r) => r.url().endsWith(`/api/images/${image.id}/like`) && seen.push(`${r.request().method()} answered`));
    const unliked = page.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/like`) && r.request().method() === "DELETE");
    await likeButton(dialog).click();
    await likeButton(dialog).click();
    expect(await likeButton(dialog).getAttribute("aria-pressed")).toBe("false");
    releaseLike();
    expect((await unliked).status()).toBe(200);
    expect(seen).toEqual(["PUT sent", "PUT answered", "DELETE sent", "DELETE answered"]);
    expect(await likeButton(dialog).getAttribute("aria-pressed")).toBe("false");

    await page.unrouteAll();
    await page.reload();
    const reloaded = await detailOf(page, image);
    expect(await likeButton(reloaded).getAttribute("aria-pressed")).toBe("false");
    expect(await fact(reloaded, "Likes")).toBe(image.likes);
  });

  it("likes from a card of the grid, and the card's like shows on its overlay", async () => {
    const image = await nthImage(2);
    const { context } = await signedIn();
    const page = await context.newPage();
    await page.goto("/");
    const card = page.locator(`li[data-image-id="${image.id}"]`);
    await interactive(card.getByRole("button", { name: `Like ${image.title}` }));
    await card.hover();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/like`));
    await card.getByRole("button", { name: `Like ${image.title}` }).click();
    expect((await saved).status()).toBe(200);
    expect(await card.getByRole("button", { name: `Unlike ${image.title}` }).getAttribute("aria-pressed")).toBe("true");
    await card.locator(`a[href="${image.path}"]`).click();
    const dialog = await detailOf(page, image);
    expect(await likeButton(dialog).getAttribute("aria-pressed")).toBe("true");
    expect(await fact(dialog, "Likes")).toBe(image.likes + 1);
  });
});

/** A number the overlay states, such as its Likes or Downloads. */
async function fact(dialog: Locator, label: string): Promise<number> {
  const value = dialog.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
  return Number((await value.textContent())!.replaceAll(",", ""));
}

describe("downloads", () => {
  it("saves {Title_with_underscores}.jpg with JPEG bytes and counts it on the overlay", async () => {
    const image = await nthImage(22);
    const { context } = await signedIn({ acceptDownloads: true });
    const page = await context.newPage();
    const dialog = await openImage(page, image);
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${image.title.replaceAll(" ", "_")}.jpg`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await expect.poll(() => fact(dialog, "Downloads")).toBe(image.downloads + 1);

    // The server counted it too.
    const stored = await imageDetail(image.id);
    expect(stored.downloads).toBe(image.downloads + 1);
  });

  it("shows the count the server reached once it has counted the download, not a guess", async () => {
    const image = await nthImage(29);
    const { context } = await signedIn({ acceptDownloads: true });
    const page = await context.newPage();
    const dialog = await openImage(page, image);
    expect(await fact(dialog, "Downloads")).toBe(image.downloads);
    // Someone else downloads it meanwhile: the page does not know.
    const other = await signedIn();
    expect((await other.context.request.get(`/api/images/${image.id}/download?size=small`)).status()).toBe(200);

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Download" }).click();
    await downloading;
    await expect.poll(() => fact(dialog, "Downloads")).toBe(image.downloads + 2);
  });

  it("sends an anonymous visitor to sign in first, however the link is opened", async () => {
    const image = await nthImage(23);
    const page = await newPage();
    const dialog = await openImage(page, image);
    // A middle click opens a new tab, where no click handler runs.
    const opened = page.context().waitForEvent("page");
    await dialog.getByRole("link", { name: "Download" }).click({ button: "middle" });
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === "/login");
    // Signed in, the image's page starts the download (e2e/download-after-sign-in.e2e.ts).
    const afterSignIn = `${image.path}?download=original`;
    expect(new URL(tab.url()).searchParams.get("redirectTo")).toBe(afterSignIn);

    await dialog.getByRole("link", { name: "Download" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(afterSignIn);

    // Without JavaScript.
    const plain = await newPage("desktop", { javaScriptEnabled: false });
    await plain.goto(image.path);
    await plain.getByRole("dialog", { name: image.title }).getByRole("link", { name: "Download" }).click();
    await plain.waitForURL((url) => url.pathname === "/login");
    expect(new URL(plain.url()).searchParams.get("redirectTo")).toBe(afterSignIn);
  });
});

describe("on a phone", () => {
  it("opens an image by tapping its card, then likes and downloads it from the detail", async () => {
    const image = await nthImage(27);
    const { context } = await signedIn({ acceptDownloads: true }, "phone");
    const page = await context.newPage();
    await page.goto("/");
    const link = page.locator(`li[data-image-id="${image.id}"] a[href="${image.path}"]`);
    await interactive(link);
    await link.tap();
    const dialog = await detailOf(page, image);

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/like`));
    await likeButton(dialog).tap();
    expect((await saved).status()).toBe(200);
    expect(await likeButton(dialog).getAttribute("aria-pressed")).toBe("true");
    expect(await fact(dialog, "Likes")).toBe(image.likes + 1);

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Download" }).tap();
    expect((await downloading).suggestedFilename()).toBe(`${image.title.replaceAll(" ", "_")}.jpg`);
    await expect.poll(() => fact(dialog, "Downloads")).toBe(image.downloads + 1);
  });
});

describe("share and report", () => {
  it("copies the image's own link when the browser has no share sheet", async () => {
    const image = await nthImage(24);
    const context = await newContext("desktop", { permissions: ["clipboard-read", "clipboard-write"] });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }));
    const page = await context.newPage();
    const dialog = await openImage(page, image);
    await dialog.getByRole("button", { name: "Share" }).click();
    await page.getByText("Link copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}${image.path}`);
  });

  it("copies the link when the share sheet fails, but not when the visitor closes it", async () => {
    const image = await nthImage(24);
    const context = await newContext("desktop", { permissions: ["clipboard-read", "clipboard-write"] });
    await context.addInitScript(() => {
      const shared = window as unknown as { shareFails: string; shares: number };
      shared.shareFails = "NotAllowedError";
      shared.shares = 0;
      Object.defineProperty(Navigator.prototype, "share", {
        value: () => {
          shared.shares++;
          return Promise.reject(new DOMException("The share sheet failed", shared.shareFails));
        },
        configurable: true,
      });
    });
    const page = await context.newPage();
    const dialog = await openImage(page, image);
    await dialog.getByRole("button", { name: "Share" }).click();
    await page.getByText("Link copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}${image.path}`);

    await page.evaluate(async () => {
      (window as unknown as { shareFails: string }).shareFails = "AbortError";
      await navigator.clipboard.writeText("untouched");
    });
    await dialog.getByRole("button", { name: "Share" }).click();
    // The refusal is handled in the same task as the call; a copy would be queued before this read.
    await page.waitForFunction(() => (window as unknown as { shares: number }).shares === 2);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("untouched");
  });

  it("reports an image from the card's menu and thanks the visitor", async () => {
    const image = await nthImage(3);
    const { context } = await signedIn();
    const page = await context.newPage();
    await page.goto("/");
    const card = page.locator(`li[data-image-id="${image.id}"]`);
    await interactive(card.getByRole("button", { name: `More actions for ${image.title}` }));
    await card.hover();
    await card.getByRole("button", { name: `More actions for ${image.title}` }).click();
    await page.getByRole("menuitem", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Report image" });
    await dialog.getByLabel("Something else").check();
    await dialog.getByLabel("What is wrong with this image?").fill("The colours hurt my eyes");
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/reports`));
    await dialog.getByRole("button", { name: "Send report" }).click();
    expect((await sent).status()).toBe(201);
    await page.getByText("Thank you for your report").waitFor();
    await dialog.waitFor({ state: "detached" });
  });
});

describe("the Liked Images tab", () => {
  it("shows the spec's empty state, then the liked images newest first, and follows unlikes in the open modal", async () => {
    const { context } = await signedIn();
    const page = await context.newPage();
    await page.goto("/profile-settings?tab=liked");
    await page.getByRole("tab", { name: "Liked Images (0)" }).waitFor();
    await page.getByRole("heading", { name: "No liked images yet" }).waitFor();
    await page.getByText("Start exploring and like images to save them for later!").waitFor();

    const [older, newer] = [await nthImage(25), await nthImage(26)];
    for (const image of [older, newer]) {
      const res = await context.request.put(`/api/images/${image.id}/like`, { headers: { origin: baseUrl() } });
      expect(res.status()).toBe(200);
    }
    await page.reload();
    await page.getByRole("tab", { name: "Liked Images (2)", selected: true }).waitFor();
    const list = page.getByRole("list", { name: "Liked images" });
    const tiles = list.getByRole("listitem");
    expect(await tiles.allTextContents()).toEqual([newer.title, older.title]);

    // 2 columns on small screens, 3 from 768px (medium), 4 from 1024px (large), as the spec's masonry.
    const columns = () => list.evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    for (const [width, count] of [
      [700, 2],
      [800, 3],
      [1100, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      expect(await columns()).toBe(count);
    }

    // Unliking in the open modal updates the tab, the modal's previous/next and the empty state at once.
    const tab = page.locator("#tab-liked");
    await interactive(tiles.first().getByRole("link"));
    await tiles.first().getByRole("link").click();
    const dialog = await detailOf(page, newer);
    await likeButton(dialog).click();
    await expect.poll(() => tab.textContent()).toBe("Liked Images (1)");
    await dialog.getByRole("button", { name: "Next image" }).click();
    const olderDialog = await detailOf(page, older);
    expect(await olderDialog.getByRole("button", { name: "Previous image" }).count()).toBe(0);
    const removed = page.waitForResponse((r) => r.url().endsWith(`/api/images/${older.id}/like`) && r.request().method() === "DELETE");
    await likeButton(olderDialog).click();
    await expect.poll(() => tab.textContent()).toBe("Liked Images (0)");
    await page.locator("#panel-liked").getByText("No liked images yet").waitFor();
    expect((await removed).status()).toBe(200);
    await page.keyboard.press("Escape");
    await olderDialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "No liked images yet" }).waitFor();
    await page.getByRole("tab", { name: "Liked Images (0)" }).waitFor();
  });

  it("shows 'Failed to load image' on a liked image that cannot be loaded", async () => {
    const image = await nthImage(30);
    const { context } = await signedIn();
    expect((await context.request.put(`/api/images/${image.id}/like`, { headers: { origin: baseUrl() } })).status()).toBe(200);
    const page = await context.newPage();
    await page.route("**/media/**", (route) => route.abort());
    await page.goto("/profile-settings?tab=liked");
    await page.getByRole("list", { name: "Liked images" }).getByText("Failed to load image").waitFor();
  });
});
