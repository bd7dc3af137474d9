import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { ImageSummary } from "#contracts/catalog";
import type { CollectionSummary } from "#contracts/collections";
import { unzip } from "../test/unzip.ts";
import { signUpByApi } from "./account-page.ts";
import { baseUrl, expectNoAxeViolations, interactive, newContext, newPage } from "./browser.ts";
import { imageDetail, newestImages } from "./gallery-page.ts";

/**
 * A collection from its making to its public page and its ZIP: made from the overlay, filled
 * from the overlay and a card's menu, made public in the profile, seen by an anonymous
 * visitor with its grid, overlay and Open Graph tags, and downloaded whole.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe("collections", () => {
  it("go from the overlay and a card's menu to a public page whose Download all is a ZIP of their images", async () => {
    const [first, second] = (await newestImages(12)).slice(10) as [ImageSummary, ImageSummary];
    const context = await newContext("desktop", { acceptDownloads: true });
    await signUpByApi(context, "Cleo Collector");
    const page = await context.newPage();

    // From the overlay: a new collection, holding the image from the start.
    await page.goto(first.path);
    const overlay = page.getByRole("dialog", { name: first.title });
    await interactive(overlay);
    await overlay.getByRole("button", { name: "Save to collection" }).click();
    const saving = page.getByRole("dialog", { name: "Save to collection" });
    await saving.getByText("You have no collections yet. Make the first one below.").waitFor();
    await saving.getByRole("button", { name: "Create and save" }).click();
    await saving.getByRole("alert").getByText("Please give the collection a name").waitFor();
    await saving.getByLabel("Collection name").fill("Blue hour");
    await saving.getByRole("button", { name: "Create and save" }).click();
    const box = saving.getByRole("checkbox", { name: /^Blue hour/ });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await saving.waitFor({ state: "detached" });
    // Focus went back to the button, in the overlay, which is still open.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Save to collection");
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });

    // From a card's menu, with the keyboard.
    await page.goto("/");
    const card = page.locator(`li[data-image-id="${second.id}"]`);
    const more = card.getByRole("button", { name: `More actions for ${second.title}` });
    await interactive(more);
    await more.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Save to collection" }).waitFor();
    await page.keyboard.press("Enter");
    const fromCard = page.getByRole("dialog", { name: "Save to collection" });
    const checkbox = fromCard.getByRole("checkbox", { name: /^Blue hour/ });
    await checkbox.waitFor();
    expect(await checkbox.isChecked()).toBe(false);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/images/${second.id}`) && r.request().method() === "PUT");
    await checkbox.check();
    expect((await saved).status()).toBe(200);
    await fromCard.getByText("Saved to Blue hour").waitFor({ state: "attached" });
    await fromCard.getByRole("button", { name: "Done" }).click();
    await fromCard.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`More actions for ${second.title}`);

    // The profile's Collections tab: two images, private; made public there.
    await page.goto("/profile-settings?tab=collections");
    const tab = page.getByRole("tab", { name: "Collections (1)" });
    await interactive(tab);
    const item = page.getByRole("list", { name: "Collections" }).getByRole("listitem");
    expect(await item.getByText("2 images · Private").count()).toBe(1);
    await expectNoAxeViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/profile-collections-desktop.png`, fullPage: true });
    await item.getByRole("button", { name: "Make public Blue hour" }).click();
    await item.getByText("2 images · Public").waitFor();
    const [collection] = ((await (await context.request.get("/api/collections")).json()) as { items: CollectionSummary[] }).items;
    expect(collection!.path).toMatch(/^\/collections\/\d+-blue-hour$/);

    // An anonymous visitor: the server-rendered page, its Open Graph tags, the grid and the gallery's overlay.
    const visitor = await newPage("phone");
    const answer = await visitor.goto(collection!.path.replace("blue-hour", "old-name"));
    expect(answer!.status()).toBe(200);
    expect(new URL(visitor.url()).pathname).toBe(collection!.path);
    const html = await answer!.text();
    expect(html).toContain(`<meta property="og:title" content="Blue hour · a collection by Cleo Collector"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseUrl()}${collection!.path}"/>`);
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\.jpg"\/>/);
    expect(html).toContain(`aria-label="Images in Blue hour"`);
    await visitor.getByRole("heading", { name: "Blue hour", level: 1 }).waitFor();
    await visitor.getByText("by Cleo Collector").waitFor();
    const grid = visitor.getByRole("list", { name: "Images in Blue hour" }).locator(":scope > li");
    expect(await grid.count()).toBe(2);
    await expectNoAxeViolations(visitor);
    if (SCREENSHOTS) await visitor.screenshot({ path: `${SCREENSHOTS}/collection-phone.png`, fullPage: true });
    await interactive(grid.first().locator("a").first());
    await grid.first().locator("a").first().click();
    await visitor.getByRole("dialog", { name: second.title }).waitFor();
    await visitor.keyboard.press("Escape");
    // Download all sends them to sign in, and back here.
    await visitor.getByRole("link", { name: "Download all" }).click();
    await visitor.waitForURL((url) => url.pathname === "/login");
    expect(new URL(visitor.url()).searchParams.get("redirectTo")).toBe(collection!.path);

    // The owner's Download all: a ZIP of both images, each counted as a download.
    const downloadsOf = async (id: number) => (await imageDetail(id)).downloads;
    const before = { first: await downloadsOf(first.id), second: await downloadsOf(second.id) };
    await page.goto(collection!.path);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/collection-desktop.png`, fullPage: true });
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download all" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Blue_hour.zip");
    const files = await unzip(await readFile((await download.path())!));
    const name = (title: string) => `${title.replaceAll(" ", "_")}.jpg`;
    expect(files.map((file) => file.name).sort()).toEqual([name(first.title), name(second.title)].sort());
    expect(await downloadsOf(first.id)).toBe(before.first + 1);
    expect(await downloadsOf(second.id)).toBe(before.second + 1);
  });

  it("a private collection is a 404 for everyone but its owner", async () => {
    const [image] = await newestImages(1);
    const owner = await newContext();
    await signUpByApi(owner, "Pat Private");
    const made = await owner.request.post("/api/collections", { data: { name: "Not yours" }, headers: { origin: baseUrl() } });
    const { id, path } = (await made.json()) as CollectionSummary;
    await owner.request.put(`/api/collections/${id}/images/${image!.id}`, { headers: { origin: baseUrl() } });
    const mine = await owner.newPage();
    expect((await mine.goto(path))!.status()).toBe(200);
    await mine.getByText("Private: only you can see it").waitFor();

    const anonymous = await newPage();
    expect((await anonymous.goto(path))!.status()).toBe(404);
    expect(await anonymous.getByText("Not yours").count()).toBe(0);
    const other = await newContext();
    await signUpByApi(other, "Otto Other");
    const theirs = await other.newPage();
    expect((await theirs.goto(path))!.status()).toBe(404);
    expect((await other.request.get(`/api/collections/${id}/download`)).status()).toBe(404);
  });
});
