import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { baseUrl, interactive } from "./browser.ts";

/** Helpers shared by the account browser tests. */

export const PASSWORD = "account e2e passphrase";

/** A fresh address, so that tests running side by side never share an account. */
export function newEmail(prefix = "person"): string {
  return `${prefix}-${randomUUID()}@example.test`;
}

/** Creates an account through Better Auth's endpoint (as the sign-up form's action does); the context is signed in. */
export async function signUpByApi(context: BrowserContext, name: string, email = newEmail(), password = PASSWORD): Promise<string> {
  const res = await context.request.post("/api/auth/sign-up/email", { data: { name, email, password }, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(200);
  return email;
}

/** Waits until React has hydrated the page: from then on its buttons show their busy states. */
export async function hydrated(page: Page): Promise<void> {
  await interactive(page.locator("form").first());
}

/** A form field by its label, exactly (the show/hide buttons' names contain the labels too). */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Fills the sign-in form and sends it. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * Holds the page's next request for `path` (a form sent to a route's action) until the
 * returned function is called, so that a test can look at the page while it waits.
 */
export async function holdRequest(page: Page, path: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const arrived = new Promise<void>((resolve) => (held = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      held();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return async () => {
    await arrived;
    release();
  };
}

/** Clicks 'Continue with Google' and signs in at the provider as `email`, back to this site. */
export async function continueWithGoogle(page: Page, email: string): Promise<void> {
  // The provider's pages ask for a web font; there is no network to fetch it from.
  await page.route((url) => url.hostname.endsWith("googleapis.com"), (route) => route.abort());
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL((url) => url.origin === inject("oidcIssuer"));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.waitForURL((url) => url.origin === baseUrl());
}
