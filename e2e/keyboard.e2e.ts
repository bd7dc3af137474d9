import { describe, expect, it } from "vitest";
import { baseUrl, interactive, newPage } from "./browser.ts";
import { newestDemoImages, popularTag } from "./gallery-page.ts";

/** A visitor without a mouse: search, open an image, step through, close, and land where they were. */
describe("keyboard only", () => {
  it("searches, opens an image, steps with the arrows, closes with Escape and returns to the same card", async () => {
    const { tag } = await popularTag(3);
    const page = await newPage();
    await page.goto("/", { waitUntil: "networkidle" });

    // Tab from the top of the page to the search box: "Skip to images" first, the logo, then search.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to images");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Stockroom home");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");
    await page.keyboard.type(tag);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${tag}"$`) }).waitFor();

    // Tab on to the first card's link: the related searches, and one tab stop per filter group.
    let card: string | undefined;
    for (let i = 0; i < 16 && !card; i++) {
      await page.keyboard.press("Tab");
      card = await page.evaluate(() => {
        const active = document.activeElement;
        return active?.matches('ul[aria-label="Images"] > li > a:first-child') ? active.closest("li")!.dataset.imageId : undefined;
      });
    }
    expect(card).toBeDefined();
    const title = await page.evaluate(() => document.activeElement!.querySelector("img")!.alt);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.waitFor();
    // Focus moved into the dialog and stays there.
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog") || document.activeElement === document.body)).toBe(true);
    }

    await page.keyboard.press("ArrowRight");
    await page.getByRole("dialog", { name: title }).waitFor({ state: "detached" });
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("dialog", { name: title }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("li")?.dataset.imageId)).toBe(card);
  });

  for (const viewport of ["phone", "desktop"] as const) {
    it(`skips to the images on a ${viewport}: "Skip to images" is the first tab stop and lands on the first image`, async () => {
      const page = await newPage(viewport);
      await page.goto("/", { waitUntil: "networkidle" });
      const skip = page.getByRole("link", { name: "Skip to images" });
      await interactive(skip);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to images");
      // Shown while it has the focus.
      expect(await skip.isVisible()).toBe(true);
      expect(await skip.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(1);
      await page.keyboard.press("Enter");
      const first = await page.evaluate(() => document.querySelector<HTMLElement>('ul[aria-label="Images"] > li')?.dataset.imageId);
      expect(await page.evaluate(() => document.activeElement?.closest("li")?.dataset.imageId)).toBe(first);
      expect(await page.evaluate(() => document.activeElement?.matches('ul[aria-label="Images"] > li > a:first-child'))).toBe(true);
      // The next tab stop is in the grid, past nothing of the header.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest('ul[aria-label="Images"]'))).toBe(true);
    });
  }

  it("keeps the image when the arrow keys are used in the open download-size menu", async () => {
    const [, second] = await newestDemoImages(2);
    const page = await newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    await page.locator(`li[data-image-id="${second!.id}"] a`).first().click();
    const dialog = page.getByRole("dialog", { name: second!.title });
    await dialog.waitFor();
    const toggle = dialog.getByRole("button", { name: "Choose a download size" });
    await interactive(toggle);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("link", { name: /^Small / }).waitFor();
    const settled = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

    // On the menu's button, then on one of its sizes: the arrows leave the image alone.
    for (const key of ["ArrowRight", "ArrowLeft", "Tab", "ArrowRight", "ArrowLeft"]) {
      await page.keyboard.press(key);
      await settled();
      expect(await dialog.count()).toBe(1);
      expect(page.url()).toBe(`${baseUrl()}${second!.path}`);
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Small/);
    await page.keyboard.press("Escape");
    await dialog.getByRole("link", { name: /^Small / }).waitFor({ state: "detached" });
    await page.keyboard.press("ArrowRight");
    await dialog.waitFor({ state: "detached" });
  });
});
