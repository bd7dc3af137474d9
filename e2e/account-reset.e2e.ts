import { describe, expect, inject, it } from "vitest";
import { baseUrl, expectNoAxeViolations, newContext, newPage } from "./browser.ts";
import { PASSWORD, field, hydrated, newEmail, signInThroughForm, signUpByApi } from "./account-page.ts";
import { linkIn, mailsTo, waitForMail } from "../test/peers/smtp.ts";

/** 'Forgot your password?' through a local SMTP server that receives the real message. */

const SENT = "If an account exists for that email address, we have sent it a link to reset the password. The link works once, for one hour.";

async function requestReset(email: string) {
  const page = await newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.waitForURL(`${baseUrl()}/forgot-password`);
  await hydrated(page);
  await field(page, "Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByRole("status").filter({ hasText: SENT }).waitFor();
  return page;
}

describe("password reset", () => {
  it("mails a link that sets a new password once, ending every session", async () => {
    const signedIn = await newContext();
    const email = await signUpByApi(signedIn, "Hedy Lamarr");
    const forgot = await requestReset(email);
    await expectNoAxeViolations(forgot);

    const mail = await waitForMail(inject("mailDir"), email);
    expect(mail.subject).toBe("Reset your Stockroom password");
    const link = linkIn(mail, baseUrl());
    expect(new URL(link).pathname).toBe("/reset-password");

    const page = await newPage();
    await page.goto(link);
    await hydrated(page);
    await expectNoAxeViolations(page);
    await field(page, "New Password").fill("frequency hopping");
    await field(page, "Confirm New Password").fill("frequency hoping");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("alert").filter({ hasText: "Passwords do not match" }).waitFor();
    await field(page, "Confirm New Password").fill("frequency hopping");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(`${baseUrl()}/login?reset=1`);
    await page.getByRole("status").filter({ hasText: "Your password has been reset" }).waitFor();

    await signInThroughForm(page, email, PASSWORD);
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await signInThroughForm(page, email, "frequency hopping");
    await page.waitForURL(`${baseUrl()}/`);

    // The browser that was signed in before the reset is signed out.
    const before = await signedIn.newPage();
    await before.goto("/profile-settings");
    expect(new URL(before.url()).pathname).toBe("/login");

    // The link works once.
    const again = await newPage();
    await again.goto(link);
    await again.getByRole("heading", { name: "This link no longer works" }).waitFor();
    expect(await again.getByText("This reset link has expired or has already been used. Please request a new one.").count()).toBe(1);
  });

  it("answers an unknown address exactly as a known one, and sends it nothing", async () => {
    const email = newEmail("stranger");
    await requestReset(email);
    expect(mailsTo(inject("mailDir"), email)).toEqual([]);
  });

  it("refuses a made-up token", async () => {
    const page = await newPage();
    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByRole("heading", { name: "This link no longer works" }).waitFor();
    await page.getByRole("link", { name: "Send a new link" }).click();
    await page.waitForURL(`${baseUrl()}/forgot-password`);
  });
});
