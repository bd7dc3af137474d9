import type { Page } from "playwright-core";
import type { ImageDetail, ImagePage, ImageSummary } from "#contracts/catalog";
import { baseUrl } from "./browser.ts";

/** Helpers shared by the gallery's browser tests. */

/** The cards of the grid on the page. */
export const cards = (page: Page) => page.getByRole("list", { name: "Images" }).locator(":scope > li");

/** The newest images, as the JSON API lists them. */
export async function newestImages(limit = 60): Promise<ImageSummary[]> {
  const res = await fetch(`${baseUrl()}/api/images?limit=${limit}`);
  return ((await res.json()) as ImagePage).items;
}

/** One image as the JSON API answers it, with its current counts. */
export async function imageDetail(id: number): Promise<ImageDetail> {
  return (await (await fetch(`${baseUrl()}/api/images/${id}`)).json()) as ImageDetail;
}

/** The ids of the page's cards, in the page's order. */
export const shownIds = (page: Page) => cards(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-image-id"))));

/**
 * Whether an image is one of the demo catalog's (tagged, 1600 px wide or tall). Other test files
 * upload pictures while a file runs, and those become the newest: small (900 px at most) and
 * some without tags or a Small download.
 */
export const fromDemo = (image: ImageSummary) => image.tags.length > 0 && Math.max(image.width, image.height) >= 1600;

/** The newest demo images (see fromDemo), as the JSON API lists them. */
export async function newestDemoImages(count: number): Promise<ImageSummary[]> {
  const found = (await newestImages(60)).filter(fromDemo).slice(0, count);
  if (found.length < count) throw new Error(`Fewer than ${count} demo images among the newest 60`);
  return found;
}

/** A tag that at least `min` images carry, with how many carry it. */
export async function popularTag(min = 2): Promise<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const image of await newestImages(100)) for (const tag of image.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const [tag, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  if (count < min) throw new Error("The demo catalog has no tag shared by enough images");
  return { tag, count };
}

/** Starts recording layout shifts from the page's first byte; the returned function lists them, each with its score and what moved where. */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    type Shift = { value: number; startTime: number; sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
    const w = window as unknown as { layoutShifts: string[] };
    w.layoutShifts = [];
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    const name = (node?: Node) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className.toString().slice(0, 80)}` : String(node?.nodeName));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        const moved = entry.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`);
        w.layoutShifts.push(`${entry.value.toFixed(5)} at ${entry.startTime.toFixed(0)} ms: ${moved.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
}
