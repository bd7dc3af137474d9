import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { LICENSE } from "#contracts/license";
import { baseUrl, expectNoAxeViolations, interactive, newContext, newPage } from "./browser.ts";
import { signUpByApi } from "./account-page.ts";
import { newestImages } from "./gallery-page.ts";

/**
 * License receipts as their owner meets them: download an image, find it under Downloads on
 * the profile, open its receipt (whose SHA-256 is that of the file the browser saved) and
 * print it; nobody else can open it.
 */

describe("license receipts", () => {
  it("lists a download under Downloads, with a printable receipt stating the SHA-256 of the saved file", async () => {
    const image = (await newestImages())[30]!;
    const context = await newContext("desktop", { acceptDownloads: true });
    await signUpByApi(context, "Rita Receipt");
    const page = await context.newPage();
    await page.goto(image.path);
    const dialog = page.getByRole("dialog", { name: image.title });
    await interactive(dialog);
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Download" }).click();
    const saved = await readFile((await (await downloading).path())!);
    const sha256 = createHash("sha256").update(saved).digest("hex");

    await page.goto("/profile-settings");
    const tab = page.getByRole("tab", { name: "Downloads" });
    await interactive(tab);
    await tab.click();
    const list = page.getByRole("list", { name: "Downloads" });
    await list.waitFor();
    expect(await list.getByRole("listitem").count()).toBe(1);
    expect(await list.getByRole("listitem").textContent()).toContain(image.title);
    await expectNoAxeViolations(page);
    await list.getByRole("link", { name: new RegExp(`^Receipt for ${image.title}`) }).click();

    await page.getByRole("heading", { name: "License receipt", level: 1 }).waitFor();
    const fact = async (label: string) => (await page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]").textContent())!.trim();
    expect(await fact("SHA-256")).toBe(sha256);
    expect(await fact("Image")).toBe(`${image.title} (image ${image.id})`);
    expect(await fact("Creator")).toBe(image.creator.name);
    expect(await fact("Size")).toBe(`Original · ${image.width} × ${image.height} px`);
    expect(await fact("File size")).toBe(`${saved.length.toLocaleString("en-US")} bytes`);
    expect(await fact("License")).toMatch(new RegExp(`^Version ${LICENSE.version}, `));
    expect(await fact("License text")).toBe(`${baseUrl()}/license`);
    const receiptPath = new URL(page.url()).pathname;
    expect(receiptPath).toMatch(/^\/receipts\/\d+$/);
    await expectNoAxeViolations(page);

    // Printed: the receipt alone, without the site's header and the page's buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print receipt" }).isVisible()).toBe(false);
    expect(await page.getByText(sha256).isVisible()).toBe(true);

    // Another person gets the page any unknown receipt gets; an anonymous visitor is asked to sign in.
    const other = await newContext();
    await signUpByApi(other, "Oscar Other");
    const theirs = await other.newPage();
    expect((await theirs.goto(receiptPath))!.status()).toBe(404);
    expect(await theirs.getByText(sha256).count()).toBe(0);
    const anonymous = await newPage();
    await anonymous.goto(receiptPath);
    await anonymous.waitForURL((url) => url.pathname === "/login");
    expect(new URL(anonymous.url()).searchParams.get("redirectTo")).toBe(receiptPath);
  });

  it("shows the license's version and date on the license page", async () => {
    const page = await newPage();
    await page.goto("/license");
    const day = new Date(`${LICENSE.date}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    await page.getByText(`Version ${LICENSE.version}, ${day}`, { exact: true }).waitFor();
  });
});
