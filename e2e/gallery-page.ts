import type { Page } from "playwright-core";
import type { ImagePage, ImageSummary } from "#contracts/catalog";
import { baseUrl } from "./browser.ts";

/** Helpers shared by the gallery's browser tests. */

/** The cards of the grid on the page. */
export const cards = (page: Page) => page.getByRole("list", { name: "Images" }).locator(":scope > li");

/** The newest images, as the JSON API lists them. */
export async function newestImages(limit = 60): Promise<ImageSummary[]> {
  const res = await fetch(`${baseUrl()}/api/images?limit=${limit}`);
  return ((await res.json()) as ImagePage).items;
}

/** A tag that at least `min` images carry, with how many carry it. */
export async function popularTag(min = 2): Promise<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const image of await newestImages(100)) for (const tag of image.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const [tag, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  if (count < min) throw new Error("The demo catalog has no tag shared by enough images");
  return { tag, count };
}

/** Starts counting layout shifts (Cumulative Layout Shift, without session windows) from the page's first byte. */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.layoutShift += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}
