import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./account-page.ts";
import type { CollectionSummary } from "#contracts/collections";
import { baseUrl, interactive, newContext, newPage, type ViewportName } from "./browser.ts";
import { distinctImage } from "../server/media/test-images.ts";
import { adminContext } from "./admin-page.ts";
import { newestImages } from "./gallery-page.ts";
import { creatorContext, uploadedImage } from "./studio-page.ts";

/**
 * The pseudo-locale (en-XA: every catalog message accented, about 40 % longer, between ⟦ and ⟧;
 * app/i18n/compile.ts) over the screens translated so far (decision 044): any visible text
 * outside ⟦…⟧ was written in a component instead of a catalog, and any text cut off or
 * overflowing its box would be cut off in a language with longer words too. What creators
 * wrote (titles, tags, names) is marked translate="no" and left out, and so is text marked as
 * English on purpose (lang="en": the legal pages' body, which stays English in every language).
 */

/** Visible text that came from no catalog: outside every ⟦…⟧, not in a translate="no" or lang="en" element, and more than spaces and punctuation. */
function untranslatedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    let depth = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (parent.closest('[translate="no"], script, style, template, noscript') || parent.closest("[lang]")?.getAttribute("lang") === "en") continue;
      let outside = "";
      for (const char of node.textContent ?? "") {
        if (char === "⟦") depth++;
        else if (char === "⟧") depth--;
        else if (depth === 0) outside += char;
      }
      const visible = parent.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      if (visible && /\p{L}/u.test(outside)) found.push(`${outside.trim()} (in <${parent.tagName.toLowerCase()} class="${parent.className}">)`);
    }
    return found;
  });
}

/** Elements whose text is larger than their box (cut off or spilling out) or sticks out of the window (rows that scroll sideways by design excepted). */
function cutOffText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const scrolls = (element: HTMLElement) => {
      for (let at = element.parentElement; at; at = at.parentElement) if (/auto|scroll/.test(getComputedStyle(at).overflowX)) return true;
      return false;
    };
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const ownText = [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && /\p{L}/u.test(child.textContent ?? ""));
      if (!ownText || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || element.closest('[translate="no"]')) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Text for screen readers only (sr-only: a 1 px box) is clipped on purpose.
      if (box.width <= 1 && box.height <= 1) continue;
      // Text larger than its box: cut off where the box clips (or ellipses), spilling out where it does not (sideways, or down by a
      // line: accents over capitals may rise a few pixels above a tight line, as Ä and É do). A box that scrolls means to.
      const clips = /hidden|clip/.test(style.overflowX + style.overflowY) || style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none";
      const spill = clips ? 1 : 4;
      const larger = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + spill;
      if (style.display !== "inline" && !/auto|scroll/.test(style.overflowX + style.overflowY) && larger) found.push(`larger than its box: ${element.textContent}`);
      if ((box.right > window.innerWidth + 1 || box.left < -1) && !scrolls(element)) found.push(`out of the window: ${element.textContent}`);
    }
    return found;
  });
}

async function expectAllFromCatalogs(page: Page) {
  expect(await untranslatedText(page)).toEqual([]);
  expect(await cutOffText(page)).toEqual([]);
}

/** Opens `path`, checks it, sends its form with `field` filled in, and checks the page with the form's answer (`answer`: its role). */
async function expectFormFromCatalogs(page: Page, path: string, field: string, answer: "status" | "alert") {
  await page.goto(path, { waitUntil: "networkidle" });
  await expectAllFromCatalogs(page);
  await interactive(page.locator("form").first());
  await page.locator(`input[name="${field}"]`).fill("x@example.test");
  await page.locator(`form:has(input[name="${field}"]) button[type="submit"]`).click();
  await page.getByRole(answer).waitFor();
  await expectAllFromCatalogs(page);
}

describe.each(["phone", "desktop"] satisfies ViewportName[])("the pseudo-locale on %s", (viewport) => {
  it("the home page, its menu and a search that found nothing show only catalog text, none cut off", async () => {
    const page = await newPage(viewport);
    await page.goto("/en-xa/", { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("lang")).toBe("en-XA");
    await expectAllFromCatalogs(page);
    await interactive(page.getByRole("button", { name: /Méñü/ }));
    await page.getByRole("button", { name: /Méñü/ }).click();
    await expectAllFromCatalogs(page);
    await page.goto("/en-xa/?q=zzqx", { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
  });

  it("a creator's page shows only catalog text, none cut off", async () => {
    const [image] = await newestImages(1);
    const page = await newPage(viewport);
    await page.goto(`/en-xa/creator/${encodeURIComponent(image!.creator.name)}`, { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
  });

  it("sign-in and sign-up show only catalog text, none cut off", async () => {
    const page = await newPage(viewport);
    for (const path of ["/en-xa/login", "/en-xa/signup"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await expectAllFromCatalogs(page);
    }
  });

  it("a creator's images, their numbers, the delete question and the edit page show only catalog text, none cut off", async () => {
    const context = await creatorContext(viewport, `Pia Pseudo ${viewport}`);
    const upload = await uploadedImage(context, { fileName: "pseudo.jpg", title: `Pseudo ${viewport}` }, await distinctImage(500, 400, 1210 + (viewport === "phone" ? 1 : 2)));
    const page = await context.newPage();
    await page.goto("/en-xa/studio", { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
    await interactive(page.getByRole("button", { name: /Đéĺéţé/ }));
    await page.getByRole("button", { name: /Đéĺéţé/ }).click();
    await page.getByRole("group", { name: /Pseudo/ }).waitFor();
    await expectAllFromCatalogs(page);
    await page.goto(`/en-xa/studio/images/${upload.image!.id}`, { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
    await interactive(page.getByRole("button", { name: /Šàvé Çĥàñĝéš/ }));
    await page.getByRole("button", { name: /Šàvé Çĥàñĝéš/ }).click();
    await page.getByRole("status").filter({ hasText: "Çĥàñĝéš" }).waitFor();
    await expectAllFromCatalogs(page);
  });

  it("a queued upload that failed (the same picture twice) is said from the catalog on the creator's images, none cut off", async () => {
    const context = await creatorContext(viewport, `Dora Pseudo ${viewport}`);
    const file = await distinctImage(500, 400, 1260 + (viewport === "phone" ? 1 : 2));
    await uploadedImage(context, { fileName: "once.jpg", title: `Once ${viewport}` }, file);
    await uploadedImage(context, { fileName: "twice.jpg", title: `Twice ${viewport}` }, file, "failed");
    const page = await context.newPage();
    await page.goto("/en-xa/studio", { waitUntil: "networkidle" });
    await page.getByText("twice.jpg", { exact: true }).waitFor();
    await expectAllFromCatalogs(page);
  });

  it("the upload page, its rows and a refused file show only catalog text, none cut off", async () => {
    const context = await creatorContext(viewport, `Ulla Pseudo ${viewport}`);
    const page = await context.newPage();
    await page.goto("/en-xa/upload", { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
    await interactive(page.locator('form[aria-labelledby="details-heading"]'));
    await page.locator('input[type="file"]').setInputFiles([
      { name: "pseudo-upload.jpg", mimeType: "image/jpeg", buffer: await distinctImage(500, 400, 1230 + (viewport === "phone" ? 1 : 2)) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture at all") },
    ]);
    await expectAllFromCatalogs(page);
    await page.locator('form[aria-labelledby="details-heading"] button[type="submit"]').click();
    const rows = page.locator("li[data-state]");
    await expect.poll(() => rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-state"))), { timeout: 60_000 }).toEqual(["done", "refused"]);
    await expectAllFromCatalogs(page);
  });

  it("the admin's insights, their charts, tables and numbers per day show only catalog text, none cut off", async () => {
    const { context } = await adminContext(viewport);
    const page = await context.newPage();
    await page.goto("/en-xa/admin/insights", { waitUntil: "networkidle" });
    await page.locator(".recharts-surface").first().waitFor();
    await expectAllFromCatalogs(page);
    await page.locator("summary").first().click();
    await page.locator("details[open] tbody tr").first().waitFor();
    await expectAllFromCatalogs(page);
  });

  it("the admin's synonyms, adding a group and its answer show only catalog text, none cut off", async () => {
    const { context } = await adminContext(viewport);
    const page = await context.newPage();
    await page.goto("/en-xa/admin/search", { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
    await interactive(page.locator('form[method="post"] input[name="words"]'));
    await page.locator('form[method="post"] input[name="words"]').fill(`pseudo${viewport}, faux${viewport}`);
    await page.getByRole("button", { name: /Àđđ šýñöñýmš/ }).click();
    await page.getByText(`pseudo${viewport}, faux${viewport}`, { exact: true }).waitFor();
    await expectAllFromCatalogs(page);
    await page.getByRole("button", { name: new RegExp(`pseudo${viewport}, faux${viewport}`) }).click();
    await page.getByText(`pseudo${viewport}, faux${viewport}`, { exact: true }).waitFor({ state: "detached" });
  });

  it("the admin's moderation queue, the hide dialog, its answer and the images list with a hidden image show only catalog text, none cut off", async () => {
    const title = `Pseudo reported ${viewport}`;
    const creator = await creatorContext(viewport, `Rex Pseudo ${viewport}`);
    const upload = await uploadedImage(creator, { fileName: "reported.jpg", title }, await distinctImage(500, 400, 1250 + (viewport === "phone" ? 1 : 2)));
    const visitor = await newContext(viewport);
    const sent = await visitor.request.post(`/api/images/${upload.image!.id}/reports`, { data: { reason: "spam", details: `pseudo ${viewport}` }, headers: { origin: baseUrl() } });
    expect(sent.status()).toBe(201);

    const { context } = await adminContext(viewport);
    const page = await context.newPage();
    await page.goto("/en-xa/admin/moderation", { waitUntil: "networkidle" });
    // By its image's title, which no other test's image has: other files, running beside this one, report
    // one of the newest images (engagement.e2e.ts the fourth), which may be this file's "Pseudo phone",
    // and its row then holds "pseudo phone" too.
    const item = page.locator("ol > li").filter({ hasText: title });
    await expectAllFromCatalogs(page);
    const hide = item.locator("button.button-primary");
    await interactive(hide);
    await hide.click();
    await page.getByRole("dialog").waitFor();
    await expectAllFromCatalogs(page);
    await page.getByRole("dialog").locator('button[type="submit"]').click();
    const answer = page.locator("[data-sonner-toast]").first();
    await answer.waitFor();
    // The answer is the action's success, with the one report it resolved (a plural of the catalog's).
    expect({ type: await answer.getAttribute("data-type"), text: await answer.innerText() }).toEqual({ type: "success", text: expect.stringMatching(/^⟦.*\b1\b.*⟧$/s) });
    await expectAllFromCatalogs(page);
    // The queue read anew, without the report. That its row leaves the open page at once is e2e/admin.e2e.ts's to show.
    await page.reload({ waitUntil: "networkidle" });
    expect(await item.count()).toBe(0);
    await expectAllFromCatalogs(page);

    await page.goto(`/en-xa/admin/images?${new URLSearchParams({ q: title, status: "hidden" })}`, { waitUntil: "networkidle" });
    await page.getByText(title, { exact: true }).waitFor();
    await expectAllFromCatalogs(page);
    await page.goto("/en-xa/admin/images", { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
  });

  it("the admin's accounts, a role's answer, the disable dialog and the activity log show only catalog text, none cut off", async () => {
    const email = await signUpByApi(await newContext(viewport), `Mo Pseudo ${viewport}`);
    const { context } = await adminContext(viewport);
    const page = await context.newPage();
    await page.goto(`/en-xa/admin/accounts?${new URLSearchParams({ q: email })}`, { waitUntil: "networkidle" });
    await expectAllFromCatalogs(page);
    const row = page.locator("ul > li").filter({ hasText: email });
    // The buttons themselves, not those of the dialog that the disable button opens.
    const disable = row.locator('form.contents > button[type="button"]');
    await interactive(disable);
    await row.locator("select").selectOption("creator");
    await row.locator('form:not(.contents) > button[type="submit"]').click();
    await page.locator("[data-sonner-toast]").filter({ hasText: email }).waitFor();
    await expectAllFromCatalogs(page);
    await disable.click();
    await page.getByRole("dialog").waitFor();
    await expectAllFromCatalogs(page);
    await page.getByRole("dialog").locator('button[type="submit"]').click();
    await disable.waitFor({ state: "detached" });
    await expectAllFromCatalogs(page);

    await page.goto("/en-xa/admin/activity", { waitUntil: "networkidle" });
    await page.locator("ol > li").filter({ hasText: email }).first().waitFor();
    await expectAllFromCatalogs(page);
  });

  it("forgot password (and its answer), an unusable reset link and verify (and its refusal of a file) show only catalog text, none cut off", async () => {
    const page = await newPage(viewport);
    await expectFormFromCatalogs(page, "/en-xa/forgot-password", "email", "status");
    for (const path of ["/en-xa/reset-password?token=no-such-token", "/en-xa/verify"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await expectAllFromCatalogs(page);
    }
    const choose = page.locator('input[type="file"]');
    await interactive(choose);
    await choose.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await page.locator('section[aria-live="polite"] h2').waitFor();
    await expectAllFromCatalogs(page);
  });

  it("profile settings, a refused form and the delete dialog show only catalog text, none cut off", async () => {
    const context = await newContext(viewport);
    await signUpByApi(context, "Pseudo Person");
    const page = await context.newPage();
    await expectFormFromCatalogs(page, "/en-xa/profile-settings", "newPassword", "alert");
    await page.locator('section button.border-red-300').click();
    await page.getByRole("dialog").waitFor();
    await expectAllFromCatalogs(page);
  });

  it("the profile's Liked, Collections and Downloads tabs, empty and filled, a refused rename, the delete question and a receipt show only catalog text, none cut off", async () => {
    const context = await newContext(viewport);
    await signUpByApi(context, `Pseudo Collector ${viewport}`);
    const page = await context.newPage();
    const tabs = async () => {
      for (const tab of ["liked", "collections", "downloads"]) {
        await page.goto(`/en-xa/profile-settings?tab=${tab}`, { waitUntil: "networkidle" });
        expect(await page.title()).toMatch(/^⟦/);
        await expectAllFromCatalogs(page);
      }
    };
    await tabs();
    const [image] = await newestImages(1);
    const headers = { origin: baseUrl() };
    await context.request.put(`/api/images/${image!.id}/like`, { headers });
    const name = `Pseudo picks ${viewport}`;
    const { id } = (await (await context.request.post("/api/collections", { data: { name, isPublic: true }, headers })).json()) as CollectionSummary;
    await context.request.put(`/api/collections/${id}/images/${image!.id}`, { headers });
    expect((await context.request.get(`/api/images/${image!.id}/download?size=small`)).status()).toBe(200);
    await tabs();

    await page.goto("/en-xa/profile-settings?tab=collections", { waitUntil: "networkidle" });
    // Share, make private, rename, delete: each button names the collection.
    const actions = page.getByRole("button", { name: new RegExp(name) });
    await interactive(actions.nth(2));
    await actions.nth(2).click();
    await page.locator("form input").last().fill("");
    await page.locator('form button[type="submit"]').last().click();
    await page.getByRole("alert").waitFor();
    await expectAllFromCatalogs(page);
    await page.locator("form button[type=button]").last().click();
    await actions.nth(3).click();
    await page.getByRole("group", { name: new RegExp(name) }).waitFor();
    await expectAllFromCatalogs(page);

    // A change the server never answered: the browser's own words, from the catalog.
    await page.getByRole("group", { name: new RegExp(name) }).getByRole("button").nth(1).click();
    await page.route("**/api/collections/*", (route) => route.abort());
    await actions.nth(1).click();
    await page.getByRole("alert").waitFor();
    await expectAllFromCatalogs(page);
    await page.unroute("**/api/collections/*");

    await page.goto("/en-xa/profile-settings?tab=downloads", { waitUntil: "networkidle" });
    await page.locator('a[href^="/en-xa/receipts/"]').click();
    await page.locator("h1").waitFor();
    expect(await page.title()).toMatch(/^⟦/);
    await expectAllFromCatalogs(page);
  });

  it("a creator's avatar form and a refused picture show only catalog text, none cut off", async () => {
    const context = await creatorContext(viewport, `Ava Pseudo ${viewport}`);
    const page = await context.newPage();
    await page.goto("/en-xa/profile-settings", { waitUntil: "networkidle" });
    await interactive(page.locator('input[type="file"]'));
    await page.locator('input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture at all") });
    await page.getByRole("status").filter({ hasText: "⟦" }).waitFor();
    await expectAllFromCatalogs(page);
  });

  it("the legal pages show their titles, headings, chrome and footer from catalogs around the English text, none cut off", async () => {
    const page = await newPage(viewport);
    for (const path of ["/en-xa/license", "/en-xa/privacy-policy", "/en-xa/terms-of-service"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await page.title()).toMatch(/^⟦/);
      expect(await page.locator('.legal[lang="en"]').count()).toBe(1);
      // The footer's links and its picker's label, each from the catalog; the languages' own names are marked translate="no".
      expect(await page.getByRole("contentinfo").getByRole("link", { name: /^⟦/ }).count()).toBe(6);
      expect(await page.getByRole("contentinfo").getByRole("list", { name: /^⟦/ }).count()).toBe(1);
      await expectAllFromCatalogs(page);
    }
  });

  it("the developers' page shows only catalog text around the API's own reference, none cut off", async () => {
    const page = await newPage(viewport);
    await page.goto("/en-xa/developers", { waitUntil: "networkidle" });
    // On a phone the reference's menu is folded away: wait for the operation itself.
    await page.locator('text="List images" >> visible=true').first().waitFor();
    await expectAllFromCatalogs(page);
  });
});

describe("the pseudo-locale in a card's dialogs", () => {
  it("a card's menu, the report dialog with its error and the save dialog show only catalog text, none cut off", async () => {
    const context = await newContext("desktop");
    await signUpByApi(context, "Pia Pseudo Saver");
    const page = await context.newPage();
    await page.goto("/en-xa/", { waitUntil: "networkidle" });
    const card = page.locator("[data-image-id]").first();
    const more = card.locator('button[aria-haspopup="menu"]');
    await interactive(more);
    await card.hover();
    await more.click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await expectAllFromCatalogs(page);

    await menu.getByRole("menuitem").nth(2).click();
    const report = page.getByRole("dialog");
    await report.locator('button[type="submit"]').click();
    await report.getByRole("alert").waitFor();
    await expectAllFromCatalogs(page);
    await report.locator('input[value="other"]').check();
    await report.locator("textarea").waitFor();
    await expectAllFromCatalogs(page);
    await page.keyboard.press("Escape");
    await report.waitFor({ state: "detached" });

    await card.hover();
    await more.click();
    await menu.getByRole("menuitem").first().click();
    const save = page.getByRole("dialog");
    await save.locator("input:not([type])").fill("Pseudo picks");
    await save.locator('form button[type="submit"]').click();
    await save.locator('input[type="checkbox"]:checked').first().waitFor();
    await expectAllFromCatalogs(page);
  });
});
