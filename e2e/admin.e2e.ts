import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { messages } from "#contracts/account-forms";
import type { ImagePage } from "#contracts/catalog";
import { solidImage } from "../server/media/test-images.ts";
import { field, hydrated, newEmail, PASSWORD, signInThroughForm, signUpByApi } from "./account-page.ts";
import { adminContext, operator } from "./admin-page.ts";
import { baseUrl, interactive, newContext } from "./browser.ts";

/**
 * The admin area as an operator uses it: the first admin made with `npm run admin`, then
 * everything else in the browser, each change seen where visitors see it.
 */

const folder = mkdtempSync(path.join(tmpdir(), "stockroom-admin-e2e-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const search = async (q: string) => (await (await fetch(`${baseUrl()}/api/images?q=${encodeURIComponent(q)}`)).json()) as ImagePage;
const statusOf = async (pagePath: string) => (await fetch(`${baseUrl()}${pagePath}`)).status;

/** Waits for the toast saying `text`. */
const toasted = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();

describe("the admin area", () => {
  it("lets an admin made at the command line sign in and make a member a creator, seen in the activity log", async () => {
    const setup = await newContext();
    const adminEmail = await signUpByApi(setup, "Ada Admin");
    expect(await operator("admin", "grant", adminEmail)).toBe(`${adminEmail} is now an admin (was a member).`);
    const memberEmail = await signUpByApi(await newContext(), "Morgan Member", newEmail("member"));

    const page = await (await newContext()).newPage();
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await hydrated(page);
    await signInThroughForm(page, adminEmail, PASSWORD);
    await page.waitForURL("**/admin/moderation");
    await expect.poll(() => page.getByRole("navigation", { name: "Admin" }).getByRole("link").allTextContents()).toEqual(["Moderation", "Images", "Accounts", "Insights", "Search", "Activity"]);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Accounts" }).click();
    await page.getByRole("searchbox", { name: "Search accounts" }).fill(memberEmail);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === memberEmail);
    const row = page.getByRole("list", { name: "Accounts" }).getByRole("listitem");
    await expect.poll(() => row.count()).toBe(1);
    await interactive(row.getByRole("combobox"));
    // With the keyboard: the role select, then its Save button.
    await row.getByRole("combobox", { name: "Role of Morgan Member" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => row.getByRole("combobox").inputValue()).toBe("creator");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Save role of Morgan Member");
    await page.keyboard.press("Enter");
    await toasted(page, `${memberEmail} is now a creator.`);
    // The list is loaded again after the action's answer: another round trip.
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain("Creator · joined");

    // The admin's own account offers no role or disabling.
    await page.getByRole("searchbox", { name: "Search accounts" }).fill(adminEmail);
    await page.getByRole("button", { name: "Search" }).click();
    // The URL changes once the search's answer is in (a round trip that outlasts expect.poll's 1 s on a busy machine).
    await page.waitForURL((url) => url.searchParams.get("q") === adminEmail);
    await expect.poll(() => row.textContent()).toContain("You");
    expect(await row.getByRole("button").count()).toBe(0);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    // Other files' tests act as admins on the same server meanwhile: find this change among the newest.
    const entry = page.getByRole("list", { name: "Admin actions" }).getByRole("listitem").filter({ hasText: memberEmail });
    await expect.poll(() => entry.allTextContents()).toEqual([expect.stringContaining(`${adminEmail} changed the role of account ${memberEmail} (from member to creator)`)]);
  });

  it("shows a visitor's report in the queue; hiding it there takes the image off the site, and restoring brings it back", async () => {
    // An image of this test's own, dated long ago so that it sits at the end of the newest-first gallery.
    const word = `reported${randomUUID().slice(0, 8)}`;
    const title = `Harbour ${word}`;
    writeFileSync(path.join(folder, "harbour.jpg"), await solidImage(800, 600, "#2a6fd0", "jpeg"));
    writeFileSync(path.join(folder, "manifest.json"), JSON.stringify([{ file: "harbour.jpg", title, created: "2001-01-02" }]));
    await operator("import", "folder", folder);
    const [image] = (await search(word)).items;
    expect(image?.title).toBe(title);

    const visitor = await newContext();
    const report = await visitor.request.post(`/api/images/${image!.id}/reports`, {
      data: { reason: "copyright", details: "Taken from my portfolio" },
      headers: { origin: baseUrl() },
    });
    expect(report.status()).toBe(201);

    const { context } = await adminContext();
    const page = await context.newPage();
    await page.goto("/admin/moderation");
    const item = page.getByRole("list", { name: "Open reports" }).getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => item.textContent()).toContain("Copyright or trademark violation");
    expect(await item.textContent()).toContain("Taken from my portfolio");
    expect(await item.textContent()).toContain("Anonymous visitor");
    expect(await item.textContent()).toContain("1 on this image");
    expect(await item.getByRole("img", { name: title }).count()).toBe(1);

    // With the keyboard: the button opens the confirmation, whose reason field has the focus; Enter hides.
    const hide = item.getByRole("button", { name: `Hide image “${title}”` });
    await interactive(hide);
    await hide.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Hide “${title}”?` });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await search(word)).toMatchObject({ items: [{ id: image!.id }] });
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("reason");
    await page.keyboard.type("copyright claim upheld");
    await page.keyboard.press("Enter");
    await toasted(page, "Image hidden everywhere; 1 open report resolved.");
    await expect.poll(() => item.count()).toBe(0);

    expect((await search(word)).items).toEqual([]);
    await vi.waitFor(async () => expect(await statusOf(image!.path)).toBe(404), { timeout: 10_000, interval: 50 });
    expect(await (await fetch(`${baseUrl()}/?q=${word}`)).text()).not.toContain(title);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Images" }).click();
    await page.getByRole("searchbox", { name: "Search images" }).fill(word);
    await page.getByLabel("Status").selectOption("hidden");
    await page.getByRole("button", { name: "Search" }).click();
    const card = page.getByRole("list", { name: "Images" }).getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => card.textContent()).toContain("Hidden");
    expect(await card.getByRole("link", { name: `Edit ${title}` }).getAttribute("href")).toBe(`/studio/images/${image!.id}`);
    await interactive(card.getByRole("button", { name: `Restore “${title}”` }));
    await card.getByRole("button", { name: `Restore “${title}”` }).click();
    await toasted(page, "Image published again.");
    await vi.waitFor(async () => expect(await statusOf(image!.path)).toBe(200), { timeout: 10_000, interval: 50 });
    expect((await search(word)).items.map((i) => i.id)).toEqual([image!.id]);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    const log = await page.getByRole("list", { name: "Admin actions" }).textContent();
    expect(log).toContain(`restored image “${title}” (#${image!.id})`);
    expect(log).toContain(`hid image “${title}” (#${image!.id}) (resolved: 1, resolution: hidden: copyright claim upheld)`);
  });

  it("disables an account: signed out everywhere at once, and its sign-in is refused with a message", async () => {
    const member = await newContext();
    const email = await signUpByApi(member, "Dana Disabled", newEmail("disabled"));
    const memberPage = await member.newPage();
    await memberPage.goto("/profile-settings");
    expect(new URL(memberPage.url()).pathname).toBe("/profile-settings");

    const { context } = await adminContext();
    const page = await context.newPage();
    await page.goto(`/admin/accounts?q=${encodeURIComponent(email)}`);
    const row = page.getByRole("list", { name: "Accounts" }).getByRole("listitem");
    const disable = row.getByRole("button", { name: "Disable Dana Disabled" });
    await interactive(disable);
    await disable.click();
    const dialog = page.getByRole("dialog", { name: `Disable ${email}?` });
    await dialog.getByRole("button", { name: "Disable" }).click();
    await toasted(page, `${email} is disabled and signed out everywhere.`);
    await expect.poll(() => row.textContent()).toContain("Disabled");

    await memberPage.reload();
    expect(new URL(memberPage.url()).pathname).toBe("/login");
    await hydrated(memberPage);
    await signInThroughForm(memberPage, email, PASSWORD);
    await memberPage.getByRole("alert").filter({ hasText: messages.accountDisabled }).waitFor();
    expect(await field(memberPage, "Email").inputValue()).toBe(email);

    await row.getByRole("button", { name: "Enable Dana Disabled" }).click();
    await toasted(page, `${email} is enabled again.`);
    await signInThroughForm(memberPage, email, PASSWORD);
    await memberPage.waitForURL((url) => url.pathname === "/profile-settings");
  });

  it("is not there for members: their /admin is the site's 404", async () => {
    const context = await newContext();
    await signUpByApi(context, "Mo Member");
    const page = await context.newPage();
    expect((await page.goto("/admin/moderation"))?.status()).toBe(404);
    expect((await page.goto("/admin/accounts"))?.status()).toBe(404);
  });
});
