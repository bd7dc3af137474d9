import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import { baseUrl, newContext, newPage } from "./browser.ts";
import { PASSWORD, signInThroughForm, signUpByApi } from "./account-page.ts";

/**
 * Rate limits stay on in the browser suite: attempts are counted per account (the suite's
 * server lifts only the per-IP count, since every test signs up from 127.0.0.1).
 */

describe("sign-in rate limit", () => {
  it("stops sign-ins to an account after 10 attempts in 15 minutes, saying when to retry", async () => {
    const context = await newContext();
    const email = await signUpByApi(context, "Kevin");
    for (let i = 0; i < 10; i++) {
      const res = await context.request.post("/api/auth/sign-in/email", {
        data: { email, password: `wrong guess ${i}` },
        headers: { origin: baseUrl() },
      });
      expect(res.status()).toBe(401);
    }
    const api = await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin: baseUrl() } });
    expect(api.status()).toBe(429);
    expect(Number(api.headers()["retry-after"])).toBeGreaterThan(60);
    expect(((await api.json()) as ApiErrorBody).error.message).toBe("Too many attempts. Please try again in 15 minutes.");

    const page = await newPage();
    await page.goto("/login");
    await signInThroughForm(page, email, PASSWORD);
    await page.getByRole("alert").filter({ hasText: "Too many attempts. Please try again in 15 minutes." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
