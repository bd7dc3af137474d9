import { describe, expect, it } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { baseUrl, expectNoAxeViolations, interactive, newPage } from "./browser.ts";
import { popularTag } from "./gallery-page.ts";

/** Popular searches in the empty search box, and "Did you mean" when a search finds nothing. */

/** Where the screens are saved when set (E2E_SCREENSHOTS, as collections.e2e.ts). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const popular = async () => ((await (await fetch(`${baseUrl()}/api/searches/popular`)).json()) as { searches: string[] }).searches;

describe("popular searches", () => {
  it("offers, in the focused empty box, at most 6 searches that several people made this week, and runs one when picked", async () => {
    const { tag } = await popularTag();
    // Three people (three browsers) search for the tag; one person searching it many times would not do.
    // The demo catalog's week of searches may hold 6 made by more people (which searches count: search-discovery.test.ts).
    for (const browser of ["Firefox/130", "Safari/17", "Edge/128"]) {
      const res = await fetch(`${baseUrl()}/?q=${encodeURIComponent(tag)}`, { headers: { "user-agent": `Mozilla/5.0 ${browser}` } });
      expect(res.status).toBe(200);
    }
    await expect.poll(async () => (await popular()).length, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await popular()).length).toBeLessThanOrEqual(6);

    const page = await newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    const box = page.getByRole("combobox", { name: "Search images" });
    await interactive(box);
    await box.focus();
    const listbox = page.getByRole("listbox", { name: "Popular searches" });
    await listbox.waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    await expectNoAxeViolations(page);
    // Typing turns the list into tag suggestions; emptying the box brings the popular searches back.
    await box.fill(tag.slice(0, 2));
    await page.getByRole("listbox", { name: "Tag suggestions" }).waitFor();
    await box.fill("");
    await listbox.waitFor();
    const options = listbox.getByRole("option");
    expect(await options.count()).toBeLessThanOrEqual(6);
    const picked = (await options.first().textContent())!;
    await options.first().click();
    await page.waitForURL((url) => url.searchParams.get("q") === picked);
    await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${picked}"$`) }).waitFor();
  });
});

describe("did you mean", () => {
  it("offers the closest tags when a search finds nothing, and the offered one finds images", async () => {
    const { tag } = await popularTag();
    const word = tag.split(" ").sort((a, b) => b.length - a.length)[0]!;
    // Two letters swapped in the middle: a typo no title, tag or creator contains.
    const at = Math.floor(word.length / 2);
    const typo = word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
    // As typed: otherwise a word that matches nothing is read as the closest word (search.e2e.ts).
    const answer = (await (await fetch(`${baseUrl()}/api/images?q=${encodeURIComponent(typo)}&asTyped=1`)).json()) as ImagePage;
    expect(answer.total).toBe(0);
    expect(answer.didYouMean?.length).toBeGreaterThan(0);
    const suggestion = answer.didYouMean![0]!;

    const page = await newPage("phone");
    await page.goto(`/?q=${encodeURIComponent(typo)}&asTyped=1`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: `No images found for "${typo}"` }).waitFor();
    const offer = page.getByText("Did you mean");
    expect(await offer.textContent()).toContain(suggestion);
    await expectNoAxeViolations(page);
    await interactive(offer);
    await offer.getByRole("link", { name: suggestion, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === suggestion);
    await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${suggestion}"$`) }).waitFor();
  });
});

describe("related searches", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`offers on a ${viewport}, under a search's count and on a tag's page, the tags most common among the results, each a search`, async () => {
      const { tag } = await popularTag(3);
      const answer = (await (await fetch(`${baseUrl()}/api/images?q=${encodeURIComponent(tag)}`)).json()) as ImagePage;
      // What the results' tags say: counted over the first page, the searched tag left out.
      const counts = new Map<string, number>();
      for (const item of answer.items) for (const t of new Set(item.tags.map((x) => x.toLowerCase()))) counts.set(t, (counts.get(t) ?? 0) + 1);
      counts.delete(tag.toLowerCase());
      const most = Math.max(...counts.values());

      const page = await newPage(viewport);
      await page.goto(`/?q=${encodeURIComponent(tag)}`, { waitUntil: "networkidle" });
      const heading = page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${tag}"$`) });
      await heading.waitFor();
      const related = page.getByRole("region", { name: "Related searches" });
      const offered = await related.getByRole("link").allTextContents();
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.length).toBeLessThanOrEqual(8);
      expect(offered.map((t) => t.toLowerCase())).not.toContain(tag.toLowerCase());
      // Most common first, and every one found among the results.
      expect(counts.get(offered[0]!.toLowerCase())).toBe(most);
      for (const t of offered) expect(counts.has(t.toLowerCase())).toBe(true);
      // Under the count, where "Explore tags" was.
      expect(await page.getByRole("region", { name: "Explore tags" }).count()).toBe(0);
      expect(await related.evaluate((el, h) => h!.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING, await heading.elementHandle())).toBeTruthy();
      await expectNoAxeViolations(page);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/search-related-${viewport}.png` });
      await interactive(related.getByRole("link").first());
      await related.getByRole("link").first().click();
      await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${offered[0]}"$`) }).waitFor();

      await page.goto(`/?tag=${encodeURIComponent(tag)}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: `Listing images from "${tag}"` }).waitFor();
      const onTag = await page.getByRole("region", { name: "Related searches" }).getByRole("link").allTextContents();
      expect(onTag.length).toBeGreaterThan(0);
      expect(onTag.map((t) => t.toLowerCase())).not.toContain(tag.toLowerCase());
    });
  }
});

describe("no dead end", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`keeps "Did you mean" on a ${viewport} when a search finds nothing, and offers popular searches and popular images`, async () => {
      const { tag } = await popularTag();
      for (const browser of ["Firefox/131", "Safari/18", "Edge/129"]) {
        const res = await fetch(`${baseUrl()}/?q=${encodeURIComponent(tag)}`, { headers: { "user-agent": `Mozilla/5.0 ${browser}` } });
        expect(res.status).toBe(200);
      }
      await expect.poll(async () => (await popular()).length, { timeout: 5000 }).toBeGreaterThan(0);
      // Two letters swapped in the middle of its longest word, searched as typed: "Did you mean" offers the closest tags.
      const word = tag.split(" ").sort((a, b) => b.length - a.length)[0]!;
      const at = Math.floor(word.length / 2);
      const typo = word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);

      const page = await newPage(viewport);
      await page.goto(`/?q=${encodeURIComponent(typo)}&asTyped=1`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: `No images found for "${typo}"` }).waitFor();
      expect(await page.getByText("Did you mean").count()).toBe(1);
      const searches = page.getByRole("region", { name: "Popular searches" });
      const offered = await searches.getByRole("link").allTextContents();
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.length).toBeLessThanOrEqual(6);
      const images = page.getByRole("list", { name: "Popular images" }).locator(":scope > li");
      expect(await images.count()).toBeGreaterThan(0);
      expect(await images.count()).toBeLessThanOrEqual(8);
      await expectNoAxeViolations(page);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/search-no-result-${viewport}.png`, fullPage: true });
      const first = searches.getByRole("link", { name: offered[0]!, exact: true });
      await interactive(first);
      await first.click();
      await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${offered[0]}"$`) }).waitFor();
    });
  }
});
