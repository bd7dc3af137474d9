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
  it("mails links of which one sets a new password once, signing this browser in and ending every other session and link", async () => {
    const laptop = await newContext();
    const email = await signUpByApi(laptop, "Hedy Lamarr");
    const phone = await newPage();
    await phone.goto("/login");
    await hydrated(phone);
    await signInThroughForm(phone, email, PASSWORD);
    await phone.waitForURL(`${baseUrl()}/`);

    const forgot = await requestReset(email);
    await expectNoAxeViolations(forgot);
    const earlier = linkIn(await waitForMail(inject("mailDir"), email), baseUrl());
    await requestReset(email);
    const mail = await waitForMail(inject("mailDir"), email, 2);
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

    // This browser stays signed in, on its profile, saying so.
    await page.waitForURL(`${baseUrl()}/profile-settings?reset=1`);
    await page.getByRole("status").filter({ hasText: "Your password has been reset. You are signed in here, and signed out everywhere else." }).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();
    await expectNoAxeViolations(page);

    // The two browsers signed in before the reset are signed out.
    for (const before of [await laptop.newPage(), phone]) {
      await before.goto("/profile-settings");
      expect(new URL(before.url()).pathname).toBe("/login");
    }

    // Only the new password signs in (and back to the page that asked for it).
    await hydrated(phone);
    await signInThroughForm(phone, email, PASSWORD);
    await phone.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await signInThroughForm(phone, email, "frequency hopping");
    await phone.waitForURL(`${baseUrl()}/profile-settings`);

    // The link works once, and the one sent earlier no longer works either.
    for (const used of [link, earlier]) {
      const again = await newPage();
      await again.goto(used);
      await again.getByRole("heading", { name: "This link no longer works" }).waitFor();
      expect(await again.getByText("This reset link has expired or has already been used. Please request a new one.").count()).toBe(1);
    }
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
