import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { colorNames } from "#contracts/catalog-constants";
import { baseUrl, expectNoAxeViolations, interactive, newPage } from "./browser.ts";
import { popularTag, shownIds } from "./gallery-page.ts";

/** Orientation and colour filters on the gallery, alone, together, with a search and a tag, on a creator's page; desktop and phone. */

async function apiPage(query: string): Promise<ImagePage> {
  return (await (await fetch(`${baseUrl()}/api/images?limit=100&${query}`)).json()) as ImagePage;
}
const idsOf = (page: ImagePage, count = 30) => page.items.slice(0, count).map((i) => i.id);
/**
 * Expects the ids a page shows to be the API's first page for the query. Other files upload
 * pictures while this one runs, and one published between the page's load and the API's answer
 * makes the two differ by it: so the page shows the API's answer from now, or `before`, its
 * answer from before the page asked.
 */
async function expectListed(shown: number[], query: string, before: ImagePage): Promise<void> {
  const now = idsOf(await apiPage(query));
  expect(shown).toEqual(shown.join() === now.join() ? now : idsOf(before));
}
const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);
/**
 * The filter (a radio) once the page shows it chosen. The URL changes when the new list has loaded,
 * but React may draw it a moment later (a busy machine: over a second); the chosen filter and
 * the grid are drawn together, so once the visitor sees it chosen the grid is the narrowed one.
 */
const chosen = (link: Locator) => link.and(link.page().locator('[aria-checked="true"]'));

/** A colour some images have and others do not, with its images. */
async function partialColor(): Promise<{ color: string; page: ImagePage }> {
  const all = (await apiPage("")).items.length;
  let best: { color: string; page: ImagePage } | undefined;
  for (const color of colorNames) {
    const page = await apiPage(`color=${color}`);
    if (page.items.length > 0 && page.items.length < all && page.items.length > (best?.page.items.length ?? 0)) best = { color, page };
  }
  if (!best) throw new Error("No colour narrows the demo catalog");
  return best;
}

describe("orientation filter", () => {
  it("is server-rendered: the page for ?orientation=portrait holds the portrait images only", async () => {
    const portrait = await apiPage("orientation=portrait");
    expect(portrait.items.length).toBeGreaterThan(0);
    expect(portrait.items.every((i) => i.height > i.width * 1.05)).toBe(true);
    const html = await (await fetch(`${baseUrl()}/?orientation=portrait`)).text();
    const served = [...html.matchAll(/data-image-id="(\d+)"/g)].map((m) => Number(m[1]));
    await expectListed(served, "orientation=portrait", portrait);
    expect(html).toMatch(/<a (?=[^>]*role="radio")(?=[^>]*aria-checked="true")[^>]*>Portrait<\/a>/);
  });

  it("narrows the grid when a visitor picks an orientation, and widens it again with Any orientation", async () => {
    const page = await newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    const filters = page.getByRole("navigation", { name: "Filters" });
    await interactive(filters);
    const square = await apiPage("orientation=square");
    await filters.getByRole("radio", { name: "Square", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("orientation") === "square");
    await chosen(filters.getByRole("radio", { name: "Square", exact: true })).waitFor();
    await expectListed(await shownIds(page), "orientation=square", square);
    expect(square.items.every((i) => Math.abs(i.width - i.height) <= Math.max(i.width, i.height) * 0.05)).toBe(true);

    const all = await apiPage("");
    await filters.getByRole("radio", { name: "Any orientation" }).click();
    await page.waitForURL((url) => !url.searchParams.has("orientation"));
    await chosen(filters.getByRole("radio", { name: "Any orientation" })).waitFor();
    await expectListed(await shownIds(page), "", all);
  });
});

describe("colour filter", () => {
  it("narrows the grid on a phone, where the swatches scroll sideways, and a second tap removes it", async () => {
    const { color, page: colored } = await partialColor();
    const page = await newPage("phone");
    await page.goto("/", { waitUntil: "networkidle" });
    const colors = page.getByRole("navigation", { name: "Filters" }).getByRole("radiogroup", { name: "Color" });
    await interactive(colors);
    const swatch = colors.getByRole("radio", { name: capitalised(color), exact: true });
    await swatch.scrollIntoViewIfNeeded();
    const box = (await swatch.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await swatch.tap();
    await page.waitForURL((url) => url.searchParams.get("color") === color);
    const remove = colors.getByRole("radio", { name: `${capitalised(color)}, remove color filter` });
    await chosen(remove).waitFor();
    await expectListed(await shownIds(page), `color=${color}`, colored);

    const all = await apiPage("");
    await remove.tap();
    await page.waitForURL((url) => !url.searchParams.has("color"));
    await swatch.waitFor();
    await expectListed(await shownIds(page), "", all);
  });

  it("combines with an orientation and a tag, and Clear filters keeps the tag", async () => {
    const { color } = await partialColor();
    const { tag } = await popularTag();
    const both = await apiPage(`color=${color}&orientation=landscape&tag=${encodeURIComponent(tag)}`);
    const page = await newPage();
    await page.goto(`/?tag=${encodeURIComponent(tag)}&color=${color}&orientation=landscape`, { waitUntil: "networkidle" });
    await expectListed(await shownIds(page), `color=${color}&orientation=landscape&tag=${encodeURIComponent(tag)}`, both);
    const filters = page.getByRole("navigation", { name: "Filters" });
    await interactive(filters);
    await filters.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL((url) => !url.searchParams.has("color") && !url.searchParams.has("orientation") && url.searchParams.get("tag") === tag);
    await page.getByRole("heading", { name: `Listing images from "${tag}"` }).waitFor();
  });
});

describe("filters and search", () => {
  it("keeps the chosen filters when a visitor searches, and counts the narrowed matches", async () => {
    const { tag } = await popularTag();
    const { color } = await partialColor();
    const narrowed = await apiPage(`q=${encodeURIComponent(tag)}&color=${color}`);
    const page = await newPage();
    await page.goto(`/?color=${color}`, { waitUntil: "networkidle" });
    const box = page.getByRole("combobox", { name: "Search images" });
    await interactive(box);
    await box.fill(tag);
    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === tag && url.searchParams.get("color") === color);
    const heading = narrowed.total ? `Found ${narrowed.total} images for "${tag}"` : `No images found for "${tag}"`;
    await page.getByRole("heading", { name: heading }).waitFor();
    await expectListed(await shownIds(page), `q=${encodeURIComponent(tag)}&color=${color}`, narrowed);
    expect(narrowed.total).toBe(narrowed.items.length);

    // The orientation joins the search and the colour.
    const filters = page.getByRole("navigation", { name: "Filters" });
    const landscape = `q=${encodeURIComponent(tag)}&color=${color}&orientation=landscape`;
    const before = await apiPage(landscape);
    await filters.getByRole("radio", { name: "Landscape", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("orientation") === "landscape" && url.searchParams.get("q") === tag);
    await chosen(filters.getByRole("radio", { name: "Landscape", exact: true })).waitFor();
    await expectListed(await shownIds(page), landscape, before);
  });

  it("says when no image matches the filters", async () => {
    const page = await newPage();
    await page.goto("/?q=zzqx-nothing&color=white&orientation=square");
    await page.getByText("No images match these filters").waitFor();
  });
});

describe("filters on a creator's page", () => {
  it("narrows the creator's images the same way", async () => {
    const { page: colored, color } = await partialColor();
    const creator = colored.items[0]!.creator.name;
    const api = (await (await fetch(`${baseUrl()}/api/creators/${encodeURIComponent(creator)}?color=${color}`)).json()) as { images: ImagePage };
    const page = await newPage();
    await page.goto(`/creator/${encodeURIComponent(creator)}?color=${color}`, { waitUntil: "networkidle" });
    expect(await shownIds(page)).toEqual(idsOf(api.images));
    expect(await page.getByRole("radio", { name: `${capitalised(color)}, remove color filter` }).getAttribute("href")).toBe(`/creator/${encodeURIComponent(creator)}`);
  });
});

describe("filters and accessibility", () => {
  it("makes each filter group one tab stop moved with the arrow keys (a radio group), and passes axe at both sizes", async () => {
    const { color } = await partialColor();
    const next = colorNames[((colorNames as readonly string[]).indexOf(color) + 1) % colorNames.length]!;
    for (const viewport of ["desktop", "phone"] as const) {
      const page = await newPage(viewport);
      await page.goto(`/?color=${color}`, { waitUntil: "networkidle" });
      const filters = page.getByRole("navigation", { name: "Filters" });
      const any = filters.getByRole("radio", { name: "Any orientation" });
      await interactive(any);
      // Each group has one tab stop: its chosen option.
      expect(await filters.locator('[role="radio"][tabindex="0"]').count()).toBe(2);
      await any.focus();
      await page.keyboard.press("ArrowRight");
      await page.waitForURL((url) => url.searchParams.get("orientation") === "landscape" && url.searchParams.get("color") === color);
      await expect.poll(() => filters.getByRole("radio", { name: "Landscape", exact: true }).getAttribute("aria-checked")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Landscape");
      expect(await filters.locator('[role="radio"][tabindex="0"]').count()).toBe(2);
      await page.keyboard.press("ArrowLeft");
      await page.waitForURL((url) => !url.searchParams.has("orientation") && url.searchParams.get("color") === color);
      await expect.poll(() => any.getAttribute("aria-checked")).toBe("true");
      // Tab leaves the orientations for the chosen colour; the arrows choose the next one.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`${capitalised(color)}, remove color filter`);
      await page.keyboard.press("ArrowRight");
      await page.waitForURL((url) => url.searchParams.get("color") === next);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`${capitalised(next)}, remove color filter`);
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page);
    }
  });
});
