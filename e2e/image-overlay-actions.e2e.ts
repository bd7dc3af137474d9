import { randomUUID } from "node:crypto";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ImageSummary } from "#contracts/catalog";
import { baseUrl, expectNoAxeViolations, interactive, newContext, viewports, type ViewportName } from "./browser.ts";
import { cards, imageDetail, newestImages, shownIds } from "./gallery-page.ts";

/**
 * What the image overlay offers around the image, at 390 px and 1440 px (issue 26): toasts seen
 * over it, Report, the phone's bars and swipes, the size sheet, and the panel after a download.
 */

const both = ["phone", "desktop"] as const;

/** A browser profile signed in to a new account, allowed to download and use the clipboard. */
async function signedIn(viewport: ViewportName): Promise<BrowserContext> {
  const context = await newContext(viewport, { acceptDownloads: true, permissions: ["clipboard-read", "clipboard-write"] });
  const res = await context.request.post("/api/auth/sign-up/email", {
    data: { name: "Olive Overlay", email: `overlay-${randomUUID()}@example.test`, password: "overlay e2e passphrase" },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  return context;
}

/** The n-th newest image, its own per test (n from 50: other files take the newest ones, and their uploads become the newest). */
async function nthImage(n: number): Promise<ImageSummary> {
  return (await newestImages(60))[n]!;
}

async function openImage(page: Page, image: ImageSummary): Promise<Locator> {
  await page.goto(image.path);
  const dialog = page.getByRole("dialog", { name: image.title });
  await interactive(dialog);
  return dialog;
}

/** Whether what the visitor sees at the centre of the element is the element (nothing lies over it), once it has stopped moving. */
async function seenOnTop(locator: Locator): Promise<boolean> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))));
  return locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** Opens the n-th newest image's page for a new account at the viewport. */
async function openSignedIn(viewport: ViewportName, n: number): Promise<{ image: ImageSummary; page: Page; dialog: Locator }> {
  const image = await nthImage(n);
  const page = await (await signedIn(viewport)).newPage();
  return { image, page, dialog: await openImage(page, image) };
}

/** The element is whole on the screen; on a phone, a sheet: the whole width, resting on the bottom edge. */
async function expectOnScreen(locator: Locator, viewport: ViewportName): Promise<void> {
  const box = (await locator.boundingBox())!;
  const { width, height } = viewports[viewport].viewport;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  if (viewport === "phone") expect([box.x, box.width, Math.round(box.y + box.height)]).toEqual([0, width, height]);
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });

describe("toasts", () => {
  it.each(both)("show Share's 'Link copied to clipboard!' over the open overlay on %s", async (viewport) => {
    const image = await nthImage(50);
    const context = await newContext(viewport, { permissions: ["clipboard-read", "clipboard-write"] });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }));
    const page = await context.newPage();
    const dialog = await openImage(page, image);
    await dialog.getByRole("button", { name: "Share" }).click();
    const copied = toast(page, "Link copied to clipboard!");
    await copied.waitFor();
    expect(await seenOnTop(copied)).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}${image.path}`);
  });
});

describe("Report", () => {
  it.each(both)("is in the overlay on %s, opens as a sheet on a phone, and its thanks show over the overlay", async (viewport) => {
    const { image, page, dialog: overlay } = await openSignedIn(viewport, 51);
    await overlay.getByRole("button", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Report image" });
    await interactive(dialog);
    await expectOnScreen(dialog, viewport);
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Depicts a real person").check();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/reports`));
    await dialog.getByRole("button", { name: "Send report" }).click();
    expect((await sent).status()).toBe(201);
    await dialog.waitFor({ state: "detached" });
    const thanks = toast(page, "Thank you for your report");
    await thanks.waitFor();
    expect(await seenOnTop(thanks)).toBe(true);
    // Focus is back on the button that opened it, in the overlay that stays open.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Report");
  });
});

/** The text of the dialog's scrolling part that a control lies over, where it can be seen. */
function coveredText(dialog: Locator): Promise<{ checked: number; covered: string[] }> {
  return dialog.evaluate((dialog) => {
    const view = dialog.getBoundingClientRect();
    const covered: string[] = [];
    let checked = 0;
    const walker = document.createTreeWalker(dialog.querySelector("article")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement!;
      if (!node.textContent!.trim() || owner.closest(".sr-only")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        // Lines wholly in sight only: the dialog itself clips one cut by its edge, and Chromium's hit test
        // within a pixel of that edge lands on the bar beyond it (elementFromPoint at y 779.2 of a box ending at 780).
        if (line.top < view.top || line.bottom > view.bottom || line.left < view.left || line.right > view.right) continue;
        const [x, y] = [line.left + line.width / 2, line.top + line.height / 2];
        checked++;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !owner.contains(hit)) covered.push(`"${node.textContent!.trim().slice(0, 40)}" under ${hit?.outerHTML.slice(0, 100)}`);
      }
    }
    return { checked, covered };
  });
}

describe("the overlay on a phone", () => {
  it("has a top bar and a bottom bar of actions, and no control lies over the details at any scroll position", async () => {
    const page = await (await signedIn("phone")).newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    const image = await imageDetail((await shownIds(page))[2]!);
    await interactive(cards(page).nth(2).locator("a").first());
    await cards(page).nth(2).locator("a").first().click();
    const dialog = page.getByRole("dialog", { name: image.title });
    await interactive(dialog);

    // The top bar: close, the image's place in the list, previous and next.
    const top = await Promise.all(["Close", "Previous image", "Next image"].map(async (name) => (await dialog.getByRole("button", { name }).boundingBox())!));
    for (const box of top) expect(box.y + box.height).toBeLessThanOrEqual(56);
    await dialog.getByText(/^Image 3 of \d+$/).waitFor({ state: "attached" });
    expect((await dialog.getByText(/^3 \/ \d+$/).boundingBox())!.y).toBeLessThan(56);
    // The actions, in reach of the thumb along the bottom edge.
    for (const name of ["Like", "Save to collection", "Share", "Report", "Choose a download size"]) {
      const box = (await dialog.getByRole("button", { name }).boundingBox())!;
      expect(box.y).toBeGreaterThan(844 - 64);
    }
    expect((await dialog.getByRole("link", { name: "Download" }).boundingBox())!.y).toBeGreaterThan(844 - 64);

    const { scrollHeight, clientHeight } = await dialog.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    for (let at = 0; ; at = Math.min(at + 150, scrollHeight - clientHeight)) {
      await dialog.evaluate((el, to) => (el.scrollTop = to), at);
      const { checked, covered } = await coveredText(dialog);
      expect(checked, `text in sight at scrollTop ${at}`).toBeGreaterThan(0);
      expect(covered, `at scrollTop ${at}`).toEqual([]);
      if (at === scrollHeight - clientHeight) break;
    }
    await expectNoAxeViolations(page);
  });

  it("steps to the next and previous image by swiping the image", async () => {
    const page = await newContext("phone").then((context) => context.newPage());
    await page.goto("/", { waitUntil: "networkidle" });
    const [, second, third] = await Promise.all((await shownIds(page)).slice(0, 3).map(imageDetail));
    await interactive(cards(page).nth(1).locator("a").first());
    await cards(page).nth(1).locator("a").first().click();
    const dialog = page.getByRole("dialog", { name: second!.title });
    await interactive(dialog);
    const frame = (await dialog.locator("#image-frame img").boundingBox())!;
    const y = frame.y + frame.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 6; step++) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: fromX + ((toX - fromX) * step) / 6, y: y + step }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(320, 60);
    await page.getByRole("dialog", { name: third!.title }).waitFor();
    await page.waitForURL(`${baseUrl()}${third!.path}`);
    await swipe(60, 320);
    await page.getByRole("dialog", { name: second!.title }).waitFor();
    await page.waitForURL(`${baseUrl()}${second!.path}`);
  });

  it("keeps today's layout from 640 px: close at the corner, previous and next at the window's sides", async () => {
    const page = await newContext("desktop").then((context) => context.newPage());
    await page.goto("/", { waitUntil: "networkidle" });
    await interactive(cards(page).nth(1).locator("a").first());
    await cards(page).nth(1).locator("a").first().click();
    const dialog = page.getByRole("dialog");
    await interactive(dialog);
    const close = (await dialog.getByRole("button", { name: "Close" }).boundingBox())!;
    expect([close.x, close.y]).toEqual([8, 8]);
    for (const name of ["Previous image", "Next image"]) {
      const box = (await dialog.getByRole("button", { name }).boundingBox())!;
      expect(Math.round(box.y + box.height / 2)).toBe(450);
    }
    expect(await coveredText(dialog)).toMatchObject({ covered: [] });
  });
});

describe("the size choice", () => {
  it.each(both)("opens whole on the screen on %s (a bottom sheet on a phone), and a size chosen downloads and closes it", async (viewport) => {
    const { page, dialog } = await openSignedIn(viewport, 52);
    await dialog.getByRole("button", { name: "Choose a download size" }).click();
    const sizes = dialog.getByRole("list", { name: "Download sizes" });
    await sizes.waitFor();
    await expectOnScreen(sizes, viewport);
    const links = sizes.getByRole("link");
    expect(await links.count()).toBeGreaterThan(1);
    for (const link of await links.all()) expect(await seenOnTop(link)).toBe(true);

    const downloading = page.waitForEvent("download");
    await links.first().click();
    expect((await downloading).suggestedFilename()).toMatch(/\.jpg$/);
    await sizes.waitFor({ state: "detached" });
  });
});

describe("after a download", () => {
  it.each(both)("offers on %s to thank the creator with a credit line to copy, Like and their page, until 'Don't show again'", async (viewport) => {
    const { image, page, dialog } = await openSignedIn(viewport, viewport === "phone" ? 53 : 54);
    const download = async () => {
      const downloading = page.waitForEvent("download");
      await dialog.getByRole("link", { name: "Download" }).click();
      await downloading;
    };
    await download();
    const panel = page.getByRole("region", { name: `Say thanks to ${image.creator.name}` });
    await interactive(panel);
    expect(await seenOnTop(panel.getByRole("heading"))).toBe(true);
    await panel.getByText("Credit is not required", { exact: false }).waitFor();
    const line = `Image by ${image.creator.name} on Stockroom — ${baseUrl()}${image.path}`;
    await panel.getByText(line, { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await panel.getByRole("button", { name: "Copy credit" }).click();
    await toast(page, "Credit copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
    const html = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return (await item!.getType("text/html")).text();
    });
    const creatorUrl = `${baseUrl()}/creator/${encodeURIComponent(image.creator.name)}`;
    expect(html).toContain(`Image by <a href="${creatorUrl}">${image.creator.name}</a> on <a href="${baseUrl()}${image.path}">Stockroom</a>`);
    expect(await panel.getByRole("link", { name: `${image.creator.name}’s page` }).getAttribute("href")).toBe(`/creator/${encodeURIComponent(image.creator.name)}`);

    const liked = page.waitForResponse((r) => r.url().endsWith(`/api/images/${image.id}/like`) && r.request().method() === "PUT");
    await panel.getByRole("button", { name: `Like ${image.title}` }).click();
    expect((await liked).status()).toBe(200);
    expect(await panel.getByRole("button", { name: `Like ${image.title}` }).getAttribute("aria-pressed")).toBe("true");
    expect(await dialog.getByRole("button", { name: "Unlike" }).getAttribute("aria-pressed")).toBe("true");

    // Dismissed, it comes back with the next download; after "Don't show again", never.
    await panel.getByRole("button", { name: "Dismiss" }).click();
    await panel.waitFor({ state: "detached" });
    await download();
    await panel.waitFor();
    // Liked by now: the panel does not offer Like again.
    expect(await panel.getByRole("button", { name: `Like ${image.title}` }).count()).toBe(0);
    await panel.getByRole("button", { name: "Don’t show again" }).click();
    await panel.waitFor({ state: "detached" });
    await download();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await panel.count()).toBe(0);
    await page.reload();
    await interactive(dialog);
    await download();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await panel.count()).toBe(0);
  });
});
