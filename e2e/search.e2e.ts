import { describe, expect, it } from "vitest";
import type { ImageDetail, ImagePage } from "#contracts/catalog";
import { adminContext } from "./admin-page.ts";
import { baseUrl, expectNoAxeViolations, interactive, newPage } from "./browser.ts";
import { cards, imageDetail, newestDemoImages } from "./gallery-page.ts";

/** Search as people type it (issue 19): several words in any order, the prompt, a typing mistake, an admin's synonyms. */

const api = async (q: string, extra = "") => (await (await fetch(`${baseUrl()}/api/images?q=${encodeURIComponent(q)}${extra}`)).json()) as ImagePage;

/** Words of a title that are no stop words (long enough to be none of the short ones, and none of these). */
const meaningful = (title: string) => title.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3 && !["over", "with", "from", "into", "under"].includes(w.toLowerCase()));

describe("search", () => {
  it("finds an image by three words of its title typed in another order in the home page's search box", async () => {
    const image = (await newestDemoImages(20)).find((candidate) => meaningful(candidate.title).length >= 3);
    if (!image) throw new Error("No demo image among the newest with three words in its title");
    const words = meaningful(image.title).slice(0, 3).reverse().join(" ").toLowerCase();

    const page = await newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    const box = page.getByRole("combobox", { name: "Search images" });
    await interactive(box);
    await box.fill(words);
    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === words);
    await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${words}"$`) }).waitFor();
    // The title holds every word: the best rank, where it is among the first.
    const shown = await cards(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-image-id"))));
    expect(shown.slice(0, 30)).toContain(image.id);
  });

  it('reads a word with a letter missing as the catalog\'s word, says "Showing results for", and searches as typed from "Search instead for"', async () => {
    const [image] = await newestDemoImages(1);
    const word = meaningful(image!.title).sort((a, b) => b.length - a.length)[0]!.toLowerCase();
    expect(word.length).toBeGreaterThanOrEqual(6);
    const at = Math.floor(word.length / 2);
    const typo = word.slice(0, at) + word.slice(at + 1);
    const answer = await api(typo);
    expect(answer.total).toBeGreaterThan(0);
    const corrected = answer.correctedQuery!;
    expect(corrected).toBeDefined();

    const page = await newPage("phone");
    await page.goto(`/?q=${encodeURIComponent(typo)}`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${corrected}"$`) }).waitFor();
    await page.getByText(`Showing results for "${corrected}"`).waitFor();
    await expectNoAxeViolations(page);
    const instead = page.getByRole("link", { name: `Search instead for "${typo}"` });
    await interactive(instead);
    await instead.click();
    await page.waitForURL((url) => url.searchParams.get("q") === typo && url.searchParams.get("asTyped") === "1");
    await page.getByRole("heading", { name: `No images found for "${typo}"` }).waitFor();
    await page.getByText("Did you mean").waitFor();
  });

  it("finds images by words only the prompt of How it was made holds", async () => {
    // Demo prompts end with "highly detailed"; no title, tag or description says it.
    const page = await newPage();
    await page.goto(`/?q=${encodeURIComponent("highly detailed")}`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: /^Found \d+ images for "highly detailed"$/ }).waitFor();
    const firstId = Number(await cards(page).first().getAttribute("data-image-id"));
    const detail: ImageDetail = await imageDetail(firstId);
    expect(detail.howMade?.prompt).toContain("highly detailed");
    expect(`${detail.title} ${detail.tags.join(" ")} ${detail.description}`.toLowerCase()).not.toContain("highly");
  });

  it("finds images by a synonym an admin adds at /admin/search", async () => {
    const [image] = await newestDemoImages(1);
    const tag = image!.tags.find((t) => /^[\p{L}]+$/u.test(t))!;
    const word = "skyscapery";
    expect((await api(word, "&asTyped=1")).total).toBe(0);

    const { context } = await adminContext();
    const page = await context.newPage();
    await page.goto("/admin/search", { waitUntil: "networkidle" });
    const words = page.getByLabel("Words that mean the same");
    await interactive(words);
    await words.fill(`${word}, ${tag}`);
    await page.getByRole("button", { name: "Add synonyms" }).click();
    await page.getByRole("list", { name: "Synonyms" }).getByText(`${word}, ${tag.toLowerCase()}`).waitFor();
    await expectNoAxeViolations(page);

    const visitor = await newPage();
    await visitor.goto(`/?q=${word}`, { waitUntil: "networkidle" });
    await visitor.getByRole("heading", { name: new RegExp(`^Found \\d+ images for "${word}"$`) }).waitFor();
    expect((await api(word)).total).toBe((await api(tag)).total);
  });
});
