import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./account-page.ts";
import { adminContext } from "./admin-page.ts";
import { baseUrl, expectNoAxeViolations, interactive, newContext, type ViewportName } from "./browser.ts";
import { creatorContext } from "./studio-page.ts";

/** The header's account menu: what a signed-in person finds behind their initial, by role, at a phone's and a desktop's width. */

const accountButton = (page: Page) => page.getByRole("button", { name: "Account menu" });
const accountMenu = (page: Page) => page.getByRole("menu", { name: "Account" });
const itemNames = (page: Page) => accountMenu(page).getByRole("menuitem").allTextContents();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

async function home(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/", { waitUntil: "networkidle" });
  await interactive(accountButton(page));
  return page;
}

for (const viewport of ["phone", "desktop"] as const satisfies ViewportName[]) {
  describe(`account menu on a ${viewport}`, () => {
    // One test per role: the three accounts' sign-ups, pages and axe checks in one test took 57-60 s of its 60 in CI at load 14.
    const roles: Array<[role: string, signIn: () => Promise<BrowserContext>, items: string[]]> = [
      ["a member", async () => {
        const member = await newContext(viewport);
        await signUpByApi(member, "Mina Member");
        return member;
      }, ["Profile", "Sign out"]],
      ["a creator", () => creatorContext(viewport, "Cleo Creator"), ["Profile", "Studio", "Sign out"]],
      ["an admin", async () => (await adminContext(viewport)).context, ["Profile", "Studio", "Admin", "Sign out"]],
    ];
    for (const [role, signIn, items] of roles) {
      it(`keeps the spec's Profile link beside it, and offers ${role} their pages and Sign out`, async () => {
        const page = await home(await signIn());
        expect(await page.getByRole("link", { name: "Profile", exact: true }).getAttribute("href")).toBe("/profile-settings");
        expect(await accountButton(page).getAttribute("aria-expanded")).toBe("false");
        await accountButton(page).click();
        await accountMenu(page).waitFor();
        expect(await accountButton(page).getAttribute("aria-expanded")).toBe("true");
        expect(await itemNames(page)).toEqual(items);
        // On screen whole, at either width.
        const box = (await accountMenu(page).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
        await expectNoAxeViolations(page);
      });
    }

    it("leads to each page it offers: the admin's Studio, Admin and Profile", async () => {
      const { context: admin } = await adminContext(viewport);
      const page = await home(admin);
      for (const [name, path] of [
        ["Studio", "/studio"],
        ["Admin", "/admin"],
        ["Profile", "/profile-settings"],
      ]) {
        await accountButton(page).click();
        await accountMenu(page).getByRole("menuitem", { name }).click();
        await page.waitForURL((url) => url.pathname.startsWith(path!));
        await accountMenu(page).waitFor({ state: "detached" });
      }
    });

    it("opens and moves with the keyboard, closes with Escape back on its button, and with a click outside", async () => {
      const context = await creatorContext(viewport, "Kim Keys");
      const page = await home(context);
      await accountButton(page).focus();
      await page.keyboard.press("Enter");
      await accountMenu(page).waitFor();
      expect(await focusedText(page)).toBe("Profile");
      // Each key, and the item it moves to (round from the last to the first and back).
      const moves = { ArrowDown: "Studio", End: "Sign out", ArrowDown_: "Profile", ArrowUp: "Sign out", Home: "Profile" };
      for (const [key, item] of Object.entries(moves)) {
        await page.keyboard.press(key.replace("_", ""));
        expect(await focusedText(page), key).toBe(item);
      }

      await page.keyboard.press("Escape");
      await accountMenu(page).waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Account menu");
      expect(await accountButton(page).getAttribute("aria-expanded")).toBe("false");

      // Enter on Studio goes there.
      await page.keyboard.press("Enter");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${baseUrl()}/studio`);

      await accountButton(page).click();
      await accountMenu(page).waitFor();
      await page.locator("main").click({ position: { x: 2, y: 2 } });
      await accountMenu(page).waitFor({ state: "detached" });
    });

    it("signs out from any page to the gallery", async () => {
      const context = await newContext(viewport);
      await signUpByApi(context, "Sol Signout");
      const page = await context.newPage();
      await page.goto("/license", { waitUntil: "networkidle" });
      await interactive(accountButton(page));
      await accountButton(page).click();
      await accountMenu(page).getByRole("menuitem", { name: "Sign out" }).click();
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByRole("link", { name: "Login", exact: true }).waitFor();
      expect(await accountButton(page).count()).toBe(0);
      // Signed out on the server too.
      expect((await context.request.get("/profile-settings", { maxRedirects: 0 })).status()).toBe(302);
    });
  });
}
