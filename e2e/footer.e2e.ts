import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { baseUrl, interactive, newContext, newPage } from "./browser.ts";
import { cards, newestDemoImages } from "./gallery-page.ts";

/** Issue #22: the footer, its links and its language picker, where a page's content ends (decision 044). */

/** The links every footer offers, by name: the menu's own pages and its social profile. */
const links: Array<[string | RegExp, string]> = [
  ["Privacy Policy", "/privacy-policy"],
  ["Terms of Service", "/terms-of-service"],
  ["License", "/license"],
  ["Verify a file", "/verify"],
  ["Developers", "/developers"],
  [/Contact us/, "https://x.com/stockroom"],
];

async function expectFooterLinks(footer: Locator) {
  for (const [name, href] of links) expect(await footer.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
  const languages = footer.getByRole("list", { name: "Language" });
  expect(await languages.getByRole("link").allTextContents()).toEqual(["English", "Deutsch", "Français", "Español", "Português (Brasil)", "日本語", "العربية"]);
}

/** A tag of the demo catalog whose images fit in the gallery's first page (30). */
async function tagOfOnePage(): Promise<string> {
  for (const image of await newestDemoImages(10)) {
    for (const tag of image.tags) {
      const page = (await (await fetch(`${baseUrl()}/api/images?limit=30&tag=${encodeURIComponent(tag)}`)).json()) as ImagePage;
      if (page.nextCursor === null) return tag;
    }
  }
  throw new Error("No tag of the demo catalog fits in one page");
}

describe("the footer", () => {
  it("ends a legal page and an image's page with the site's links and the languages", async () => {
    const page = await newPage("phone");
    await page.goto("/terms-of-service");
    await expectFooterLinks(page.getByRole("contentinfo"));

    const [image] = await newestDemoImages(1);
    await page.goto(image!.path);
    // Inside the image's detail, at its end.
    const footer = page.getByRole("dialog").locator("footer");
    await expectFooterLinks(footer);
    expect(await footer.getByRole("link", { name: "Deutsch" }).getAttribute("href")).toBe(`/de${image!.path}`);
  });

  it("switches an English page to the same page in German, and remembers the choice", async () => {
    const context = await newContext("desktop");
    const page = await context.newPage();
    await page.goto("/license?from=footer");
    const german = page.getByRole("contentinfo").getByRole("link", { name: "Deutsch" });
    expect(await page.getByRole("contentinfo").getByRole("link", { name: "English" }).getAttribute("aria-current")).toBe("page");
    await interactive(german);
    await german.click();
    await page.waitForURL(`${baseUrl()}/de/license?from=footer`);
    await page.getByRole("heading", { name: "Lizenz", level: 1 }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect((await context.cookies()).find((cookie) => cookie.name === "stockroom.lang")?.value).toBe("de");
    // The footer speaks the page's language now, and its links stay in it.
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Datenschutzerklärung" }).getAttribute("href")).toBe("/de/privacy-policy");
    expect(await footer.getByRole("link", { name: "Deutsch" }).getAttribute("aria-current")).toBe("page");
  });

  it("comes under the gallery only once its last page is there", async () => {
    const tag = await tagOfOnePage();
    const page = await newPage("desktop");
    // A tag's list of one page ends at once: the footer follows its images.
    await page.goto(`/?tag=${encodeURIComponent(tag)}`);
    await page.getByRole("contentinfo").waitFor();
    expect(await cards(page).count()).toBeGreaterThan(0);

    // The home page lists many pages: no footer while more images are to come, then one after the last.
    await page.goto("/");
    await interactive(cards(page).first());
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    for (let shown = await cards(page).count(); (await page.getByRole("contentinfo").count()) === 0; shown = await cards(page).count()) {
      await cards(page).last().scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (before) => document.querySelectorAll('[aria-label="Images"] > li').length > before || document.querySelector("footer") !== null,
        shown,
      );
    }
    expect(await cards(page).count()).toBeGreaterThan(30);
    expect(await page.getByText("Loading...").count()).toBe(0);
  });
});
