import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { continueWithGoogle, field, hydrated, newEmail, PASSWORD, signInThroughForm, signUpByApi } from "./account-page.ts";
import { baseUrl, interactive, newContext } from "./browser.ts";
import { newestImages } from "./gallery-page.ts";

/**
 * An anonymous visitor who presses Download is sent to sign in, and brought back to the image
 * with the download started, once: the page drops `?download=` so reload and Back do not start
 * it again (issue 26).
 */

const ways = {
  password: async (page: Page) => {
    const email = newEmail("returning");
    await signUpByApi(await newContext(), "Dana Download", email);
    await signInThroughForm(page, email, PASSWORD);
  },
  Google: (page: Page) => continueWithGoogle(page, newEmail("returning.google")),
  "a new account": async (page: Page) => {
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL((url) => url.pathname === "/signup");
    await hydrated(page);
    await field(page, "Full Name").fill("Nell New");
    await field(page, "Email").fill(newEmail("new.downloader"));
    await field(page, "Password").fill(PASSWORD);
    await field(page, "Confirm Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account", exact: true }).click();
  },
};

describe("a download asked for before signing in", () => {
  it.each([
    ["phone", "password", 40],
    ["desktop", "password", 41],
    ["phone", "Google", 42],
    ["desktop", "Google", 43],
    ["phone", "a new account", 44],
    ["desktop", "a new account", 45],
  ] as const)("starts on %s once signed in by %s, on the image's page", async (viewport, way, nth) => {
    const image = (await newestImages())[nth]!;
    const context = await newContext(viewport, { acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(image.path);
    const dialog = page.getByRole("dialog", { name: image.title });
    await interactive(dialog);
    await dialog.getByRole("link", { name: "Download" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`${image.path}?download=original`);
    await hydrated(page);

    const downloading = page.waitForEvent("download");
    await ways[way](page);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${image.title.replaceAll(" ", "_")}.jpg`);
    expect(download.url()).toBe(`${baseUrl()}/api/images/${image.id}/download?size=original`);
    // Back on the image, without the parameter: a reload does not download again.
    await page.waitForURL(`${baseUrl()}${image.path}`);
    await page.getByRole("dialog", { name: image.title }).waitFor();
  });
});
