import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { solidImage } from "../server/media/test-images.ts";
import { operator } from "./admin-page.ts";
import { baseUrl, expectNoAxeViolations, newPage, type ViewportName } from "./browser.ts";
import { cards, newestImages } from "./gallery-page.ts";

/** What anyone may type into a URL or a form: filter values the site does not know, and words longer than a phone is wide. */

/** A 120-letter word, as a visitor or creator might paste it. */
const word = (letter: string) => `${letter}${randomUUID().replaceAll("-", "").slice(0, 8)}`.padEnd(120, letter);

/**
 * How far the page reaches past the viewport's right edge (0: no sideways scroll). A desktop's
 * short page can measure narrower than its client area (the scrollbar gutter kept for it): none.
 */
const overflow = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

describe("unknown filter values", () => {
  for (const viewport of ["phone", "desktop"] as const satisfies ViewportName[]) {
    it(`names them on a ${viewport} and shows the list without them, never an error`, async () => {
      const page = await newPage(viewport);
      const newest = (await newestImages(1))[0]!;
      const home = await page.goto("/?color=plaid");
      expect(home!.status()).toBe(200);
      await page.getByText("Unknown colour 'plaid' — showing all colours").waitFor();
      // All colours: a full first page, no swatch chosen.
      expect(await cards(page).count()).toBe(30);
      expect(await page.getByRole("navigation", { name: "Filters" }).locator('[aria-checked="true"]').allTextContents()).toEqual(["Any orientation"]);
      await expectNoAxeViolations(page);

      const both = await page.goto("/?orientation=x&color=red");
      expect(both!.status()).toBe(200);
      await page.getByText("Unknown orientation 'x' — showing all orientations").waitFor();
      // The colour it knows still applies.
      expect(await page.getByRole("radio", { name: "Red, remove color filter" }).count()).toBe(1);

      const creator = await page.goto(`/creator/${encodeURIComponent(newest.creator.name)}?color=plaid&orientation=sideways`);
      expect(creator!.status()).toBe(200);
      await page.getByText("Unknown colour 'plaid' — showing all colours").waitFor();
      await page.getByText("Unknown orientation 'sideways' — showing all orientations").waitFor();
      expect(await cards(page).count()).toBeGreaterThan(0);
    });
  }

  it("keeps answering 400 in the API's error shape for an unknown filter", async () => {
    const res = await fetch(`${baseUrl()}/api/images?color=plaid`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("BAD_REQUEST");
  });
});

describe("long words", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "stockroom-odd-input-e2e-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const title = word("t");
  const creator = word("c");
  // Tags are kept to 50 characters; the tag page's heading takes any length from the URL.
  const tag = word("g").slice(0, 50);
  let id = 0;

  beforeAll(async () => {
    writeFileSync(path.join(folder, "long.jpg"), await solidImage(800, 600, "#7a4f2a", "jpeg"));
    writeFileSync(path.join(folder, "manifest.json"), JSON.stringify([{ file: "long.jpg", title, tags: [tag, "long words"], creator, created: "2001-01-03" }]));
    await operator("import", "folder", folder);
    const found = (await (await fetch(`${baseUrl()}/api/images?q=${encodeURIComponent(title)}`)).json()) as ImagePage;
    id = found.items[0]!.id;
    expect(found.items[0]!.title).toBe(title);
  });

  for (const [viewport, width] of [
    ["phone", 390],
    ["desktop", 1440],
  ] as const satisfies Array<[ViewportName, number]>) {
    it(`wraps what visitors and creators typed on a ${width} px ${viewport}: no page scrolls sideways`, async () => {
      const page = await newPage(viewport);
      const query = word("q");
      const pages = [
        `/?q=${query}`,
        `/?q=${encodeURIComponent(title)}`,
        `/?tag=${encodeURIComponent(tag)}`,
        `/?tag=${word("x")}`,
        `/?color=${word("p")}`,
        `/creator/${encodeURIComponent(creator)}`,
        `/images/${id}`,
      ];
      for (const url of pages) {
        const res = await page.goto(url, { waitUntil: "networkidle" });
        expect(res!.status(), url).toBe(200);
        expect(await overflow(page), url).toBe(0);
      }
      // The open detail over the grid too.
      await page.goto(`/?q=${encodeURIComponent(title)}`, { waitUntil: "networkidle" });
      await cards(page).first().locator("a").first().click();
      await page.getByRole("dialog").waitFor();
      expect(await page.getByRole("dialog").evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBe(0);
    });
  }
});
