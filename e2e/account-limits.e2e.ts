import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import { baseUrl, newContext, newPage } from "./browser.ts";
import { PASSWORD, signInThroughForm, signUpByApi } from "./account-page.ts";

/**
 * Rate limits stay on in the browser suite: attempts are counted per account (the suite's
 * server lifts only the per-IP count, since every test signs up from 127.0.0.1).
 */

describe("sign-in rate limit", () => {
  it("stops sign-ins to an account after 10 attempts in 15 minutes, saying when to retry, but not from the browser the owner signed up in", async () => {
    const owner = await newContext();
    const email = await signUpByApi(owner, "Kevin");
    const stranger = await newContext();
    const signIn = (context: typeof owner, password: string) =>
      context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: baseUrl() } });
    for (let i = 0; i < 10; i++) expect((await signIn(stranger, `wrong guess ${i}`)).status()).toBe(401);
    const api = await signIn(stranger, PASSWORD);
    expect(api.status()).toBe(429);
    expect(Number(api.headers()["retry-after"])).toBeGreaterThan(60);
    expect(((await api.json()) as ApiErrorBody).error.message).toBe("Too many attempts. Please try again in 15 minutes.");

    const page = await newPage();
    await page.goto("/login");
    await signInThroughForm(page, email, PASSWORD);
    await page.getByRole("alert").filter({ hasText: "Too many attempts. Please try again in 15 minutes." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");

    // The owner's browser holds the device cookie its sign-up gave it: a stranger's guesses do not lock it out.
    expect((await signIn(owner, PASSWORD)).status()).toBe(200);
  });
});
