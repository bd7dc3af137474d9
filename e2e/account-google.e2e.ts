import { describe, expect, inject, it } from "vitest";
import { baseUrl, newContext, newPage } from "./browser.ts";
import { continueWithGoogle, field, holdRequest, hydrated, newEmail } from "./account-page.ts";
import { nameOf } from "../test/peers/oidc.ts";

/**
 * 'Continue with Google' against a local OpenID Connect provider standing in for Google
 * (test/peers/oidc.ts): its sign-in page takes any address as the login.
 */

describe("Google sign-in", () => {
  it("creates the account with the Google name and email the first time, and signs into it later", async () => {
    const email = newEmail("grace.google");
    const page = await newPage();
    await page.goto("/signup");
    await hydrated(page);
    await continueWithGoogle(page, email);
    expect(page.url()).toBe(`${baseUrl()}/`);
    await page.getByRole("link", { name: "Profile", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Profile Settings" }).waitFor();
    expect(await field(page, "Display Name").inputValue()).toBe(nameOf(email));
    expect(await field(page, "Email").inputValue()).toBe(email);
    // A Google-only account has no password to change.
    expect(await page.getByText("Your account signs in with Google").count()).toBe(1);

    // Renamed here, so that the next sign-in shows whether it reached the same account.
    await field(page, "Display Name").fill("Grace from Google");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Profile updated successfully!" }).waitFor();

    const later = await newPage();
    await later.goto("/login?redirectTo=%2Fprofile-settings");
    await hydrated(later);
    await continueWithGoogle(later, email);
    await later.waitForURL(`${baseUrl()}/profile-settings`);
    await later.getByRole("heading", { level: 1, name: "Profile Settings" }).waitFor();
    expect(await field(later, "Display Name").inputValue()).toBe("Grace from Google");
  });

  it("shows 'Signing in...' while it starts, and the spec's fallback when the provider sends back an error", async () => {
    const page = await newPage();
    await page.goto("/login");
    await hydrated(page);
    const release = await holdRequest(page, "/login.data");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: "Signing in..." }).waitFor();
    expect(await page.getByRole("button", { name: "Sign In", exact: true }).isDisabled()).toBe(true);
    await release();
    await page.waitForURL((url) => url.origin === inject("oidcIssuer"));

    await page.goto("/login?error=access_denied");
    expect(await page.getByRole("alert").textContent()).toBe("Failed to sign in with Google");
    await page.goto("/signup?error=access_denied");
    expect(await page.getByRole("alert").textContent()).toBe("Failed to sign up with Google");
  });

  it("deletes a Google-only account when its email address is typed to confirm", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const email = newEmail("leaving.google");
    await page.goto("/login");
    await hydrated(page);
    await continueWithGoogle(page, email);
    await page.goto("/profile-settings");
    await hydrated(page);
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const confirm = dialog.getByLabel(/Type your email address/);
    await confirm.fill("someone-else@example.test");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Please type your email address exactly as shown to confirm" }).waitFor();
    await confirm.fill(email);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole("link", { name: "Login", exact: true }).waitFor();
  });
});
