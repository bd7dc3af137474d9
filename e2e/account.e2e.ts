import { describe, expect, it } from "vitest";
import { baseUrl, expectNoAxeViolations, newContext, newPage } from "./browser.ts";
import { PASSWORD, field, holdRequest, hydrated, newEmail, signInThroughForm, signUpByApi } from "./account-page.ts";

/**
 * Signing up, in and out, and the profile settings, as a visitor meets them in Chromium.
 * Every test makes its own accounts.
 */

describe("sign-up", () => {
  it("checks the form with the spec's messages, then creates the account and lands on the gallery signed in", async () => {
    const page = await newPage();
    await page.goto("/signup");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Create Account");
    await expectNoAxeViolations(page);

    const create = page.getByRole("button", { name: "Create Account", exact: true });
    await create.click();
    await page.getByRole("alert").filter({ hasText: "Please fill in all fields" }).waitFor();

    const email = newEmail("signup");
    await field(page, "Full Name").fill("Grace Hopper");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill("cobol rules");
    await field(page, "Confirm Password").fill("cobol rulez");
    await create.click();
    await page.getByRole("alert").filter({ hasText: "Passwords do not match" }).waitFor();

    await field(page, "Password").fill("short");
    await field(page, "Confirm Password").fill("short");
    await create.click();
    await page.getByRole("alert").filter({ hasText: "Password must be at least 6 characters long" }).waitFor();

    await field(page, "Password").fill("password1");
    await field(page, "Confirm Password").fill("password1");
    await create.click();
    await page.getByRole("alert").filter({ hasText: "This password is too common" }).waitFor();

    // The password toggle shows what was typed.
    await page.getByRole("button", { name: "Show password", exact: true }).click();
    expect(await field(page, "Password").getAttribute("type")).toBe("text");

    await field(page, "Password").fill("cobol rules forever");
    await field(page, "Confirm Password").fill("cobol rules forever");
    const release = await holdRequest(page, "/signup.data");
    await create.click();
    await page.getByRole("button", { name: "Creating Account..." }).waitFor();
    expect(await page.getByRole("button", { name: "Creating Account..." }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Continue with Google" }).isDisabled()).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);
    await release();

    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole("link", { name: "Profile", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Login", exact: true }).count()).toBe(0);
  });

  it("refuses an address that already has an account", async () => {
    const email = await signUpByApi(await newContext(), "First");
    const page = await newPage();
    await page.goto("/signup");
    await field(page, "Full Name").fill("Second");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(PASSWORD);
    await field(page, "Confirm Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "An account with this email already exists" }).waitFor();
  });
});

describe("sign-in and sign-out", () => {
  it("says the same for a wrong password and an unknown address, signs in, and signs out to the gallery", async () => {
    const email = await signUpByApi(await newContext(), "Linus");
    const page = await newPage();
    await page.goto("/login");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome Back");
    expect(await page.getByText("Sign in to your account to continue").count()).toBe(1);
    expect(await field(page, "Email").getAttribute("type")).toBe("email");
    for (const name of ["Back to Gallery", "Sign up", "Forgot your password?"]) {
      expect(await page.getByRole("link", { name }).count(), name).toBe(1);
    }
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    expect(await page.getByRole("alert").filter({ hasText: "Please fill in all fields" }).textContent()).toContain("Please fill in all fields");

    await signInThroughForm(page, email, "not my password");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await signInThroughForm(page, newEmail("nobody"), "not my password");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();

    await field(page, "Email").fill(email);
    await field(page, "Password").fill(PASSWORD);
    const release = await holdRequest(page, "/login.data");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("button", { name: "Signing In..." }).waitFor();
    // The last attempt's error went away when this one started.
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continue with Google" }).isDisabled()).toBe(true);
    await release();
    await page.waitForURL(`${baseUrl()}/`);

    await page.getByRole("link", { name: "Profile", exact: true }).click();
    await page.waitForURL(`${baseUrl()}/profile-settings`);
    await hydrated(page);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole("link", { name: "Login", exact: true }).waitFor();
    await page.goto("/profile-settings");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("sends an anonymous visitor of /profile-settings to sign in, then back, and never off the site", async () => {
    const context = await newContext();
    const email = await signUpByApi(await newContext(), "Margaret");
    const page = await context.newPage();
    await page.goto("/profile-settings");
    expect(page.url()).toBe(`${baseUrl()}/login?redirectTo=%2Fprofile-settings`);
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL(`${baseUrl()}/profile-settings`);
    await page.getByRole("heading", { level: 1, name: "Profile Settings" }).waitFor();

    // The tab comes back too.
    const liked = await newContext();
    const likedPage = await liked.newPage();
    await likedPage.goto("/profile-settings?tab=liked");
    expect(likedPage.url()).toBe(`${baseUrl()}/login?redirectTo=${encodeURIComponent("/profile-settings?tab=liked")}`);
    await signInThroughForm(likedPage, email, PASSWORD);
    await likedPage.waitForURL(`${baseUrl()}/profile-settings?tab=liked`);
    await likedPage.getByRole("tab", { name: "Liked Images (0)", selected: true }).waitFor();

    const other = await newPage();
    await other.goto(`/login?redirectTo=${encodeURIComponent("//evil.example/steal")}`);
    await signInThroughForm(other, email, PASSWORD);
    await other.waitForURL(`${baseUrl()}/`);
  });

  it("refuses a sign-up or sign-in sent from another site, creating nothing", async () => {
    const context = await newContext();
    const email = newEmail("forged");
    const forged = await context.request.post("/api/auth/sign-up/email", {
      data: { name: "Mallory", email, password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    const page = await context.newPage();
    const action = await page.request.post("/signup", {
      form: { name: "Mallory", email, password: PASSWORD, confirmPassword: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(action.status()).toBe(403);
    await page.goto("/login");
    await signInThroughForm(page, email, PASSWORD);
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
  });
});

describe("profile settings", () => {
  async function signedInAt(path: string) {
    const context = await newContext();
    const email = await signUpByApi(context, "Ada Lovelace");
    const page = await context.newPage();
    await page.goto(path);
    await hydrated(page);
    return { context, page, email };
  }

  it("shows four tabs, the read-only email, and renames the account", async () => {
    const { page, email } = await signedInAt("/profile-settings");
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Profile Settings", "Liked Images (0)", "Collections (0)", "Downloads"]);
    expect(await page.getByRole("tab", { name: "Profile Settings" }).getAttribute("aria-selected")).toBe("true");
    const emailField = field(page, "Email");
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.isDisabled()).toBe(true);
    expect(await page.getByText("Email address cannot be changed").count()).toBe(1);
    await expectNoAxeViolations(page);

    await field(page, "Display Name").fill("   ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alert").filter({ hasText: "Display name is required" }).waitFor();

    await field(page, "Display Name").fill("Ada, Countess of Lovelace");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Profile updated successfully!" }).waitFor();
    await page.reload();
    expect(await field(page, "Display Name").inputValue()).toBe("Ada, Countess of Lovelace");
  });

  it("changes the password with the spec's messages, clears the fields and signs out the other sessions", async () => {
    const { page, email } = await signedInAt("/profile-settings");
    const elsewhere = await newContext();
    expect((await elsewhere.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin: baseUrl() } })).status()).toBe(200);

    const update = page.getByRole("button", { name: "Update Password" });
    await field(page, "Current Password").fill(PASSWORD);
    await update.click();
    await page.getByRole("alert").filter({ hasText: "Please fill in all password fields" }).waitFor();
    await field(page, "New Password").fill("new passphrase");
    await field(page, "Confirm New Password").fill("new passphrase!");
    await update.click();
    await page.getByRole("alert").filter({ hasText: "New passwords do not match" }).waitFor();
    await field(page, "New Password").fill("tiny");
    await field(page, "Confirm New Password").fill("tiny");
    await update.click();
    await page.getByRole("alert").filter({ hasText: "New password must be at least 6 characters long" }).waitFor();
    await field(page, "Current Password").fill("a wrong password");
    await field(page, "New Password").fill("new passphrase");
    await field(page, "Confirm New Password").fill("new passphrase");
    await update.click();
    await page.getByRole("alert").filter({ hasText: "Current password is incorrect" }).waitFor();

    await field(page, "Current Password").fill(PASSWORD);
    await update.click();
    await page.getByRole("status").filter({ hasText: "Password updated successfully!" }).waitFor();
    for (const label of ["Current Password", "New Password", "Confirm New Password"]) {
      expect(await field(page, label).inputValue(), label).toBe("");
    }
    // This browser stays signed in; the other one is signed out.
    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/profile-settings");
    const other = await elsewhere.newPage();
    await other.goto("/profile-settings");
    expect(new URL(other.url()).pathname).toBe("/login");
    await signInThroughForm(other, email, "new passphrase");
    await other.waitForURL(`${baseUrl()}/profile-settings`);
  });

  it("deletes the account after the password is confirmed", async () => {
    const { page, email } = await signedInAt("/profile-settings");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await field(page, "Password").fill("not my password");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await dialog.getByRole("alert").filter({ hasText: "The password is incorrect" }).waitFor();

    await field(page, "Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole("link", { name: "Login", exact: true }).waitFor();
    await page.goto("/login");
    await signInThroughForm(page, email, PASSWORD);
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
  });

  it("lists liked images in the Liked Images tab, opens them, and drops one unliked in the overlay", async () => {
    const { context, page } = await signedInAt("/profile-settings?tab=liked");
    await page.getByText("No liked images yet").waitFor();
    expect(await page.getByText("Start exploring and like images to save them for later!").count()).toBe(1);

    const images = ((await (await fetch(`${baseUrl()}/api/images?limit=3`)).json()) as { items: Array<{ id: number; title: string }> }).items;
    for (const image of images) {
      const res = await context.request.put(`/api/images/${image.id}/like`, { headers: { origin: baseUrl() } });
      expect(res.status()).toBe(200);
    }
    await page.reload();
    await hydrated(page);
    expect(await page.getByRole("tab", { name: "Liked Images (3)" }).getAttribute("aria-selected")).toBe("true");
    const tiles = page.getByRole("list", { name: "Liked images" }).locator(":scope > li");
    expect(await tiles.count()).toBe(3);
    await expectNoAxeViolations(page);
    // Newest like first.
    const last = images.at(-1)!;
    // Titles show on hover.
    const title = tiles.first().getByText(last.title);
    const opacity = () => title.evaluate((el) => getComputedStyle(el).opacity);
    expect(await opacity()).toBe("0");
    await tiles.first().hover();
    await page.waitForFunction((el) => getComputedStyle(el!).opacity === "1", await title.elementHandle());

    await tiles.first().locator("a").click();
    const overlay = page.getByRole("dialog", { name: last.title });
    await overlay.waitFor();
    await overlay.getByRole("button", { name: /unlike/i }).first().click();
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Liked Images (2)" }).waitFor();
    expect(await tiles.count()).toBe(2);
  });
});
