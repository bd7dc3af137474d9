import { describe, expect, it } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { baseUrl, expectNoAxeViolations, interactive, newPage } from "./browser.ts";
import { popularTag } from "./gallery-page.ts";

/** Popular searches in the empty search box, and "Did you mean" when a search finds nothing. */

const popular = async () => ((await (await fetch(`${baseUrl()}/api/searches/popular`)).json()) as { searches: string[] }).searches;

describe("popular searches", () => {
  it("offers, in the focused empty box, a search that several people made this week, and runs it when picked", async () => {
    const { tag } = await popularTag();
    // Three people (three browsers) search for the tag; one person searching it many times would not do.
    for (const browser of ["Firefox/130", "Safari/17", "Edge/128"]) {
      const res = await fetch(`${baseUrl()}/?q=${encodeURIComponent(tag)}`, { headers: { "user-agent": `Mozilla/5.0 ${browser}` } });
      expect(res.status).toBe(200);
    }
    await expect.poll(popular, { timeout: 5000 }).toContain(tag);

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
    await listbox.getByRole("option", { name: tag, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === tag);
    await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${tag}"$`) }).waitFor();
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
