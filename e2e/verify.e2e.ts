import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { identityOf, makeIdentity } from "../server/credentials/signing-identity.ts";
import { signedAs } from "../server/credentials/test-credentials.ts";
import { signUpByApi } from "./account-page.ts";
import { expectNoAxeViolations, interactive, newContext } from "./browser.ts";
import { newestImages } from "./gallery-page.ts";

/**
 * /verify as a publisher's reader uses it (issue 25): reached from the menu, a file picked, the
 * verdict in plain words: intact, altered, signed by someone else, or none. Each verdict's
 * screen is saved to /work/wt/_shots/verify-*.png.
 */

const SHOTS = "/work/wt/_shots";

async function check(page: Page, name: string, buffer: Buffer, heading: string | RegExp, shot: string) {
  await page.getByLabel("Choose a file to check").setInputFiles({ name, mimeType: "image/jpeg", buffer });
  const result = page.getByRole("region", { name: "Result" });
  await result.getByRole("heading", { name: heading }).waitFor();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/verify-${shot}.png`, fullPage: true });
  return result;
}

mkdirSync(SHOTS, { recursive: true });

describe("verifying a file", () => {
  it("says a download is intact, one changed byte altered, another signer's file theirs, and a plain file without credentials", async () => {
    const context = await newContext();
    await signUpByApi(context, "Newsroom Editor");
    const [image] = await newestImages(1);
    const res = await context.request.get(`/api/images/${image!.id}/download?size=medium`);
    expect(res.status()).toBe(200);
    const download = Buffer.from(await res.body());

    const page = await context.newPage();
    await page.goto("/");
    await interactive(page.getByRole("button", { name: "Menu", exact: true }));
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Verify a file" }).click();
    await page.getByRole("heading", { name: "Verify a file", level: 1 }).waitFor();

    // The image's own line names who signs its downloads, with what AI tool (when known), and links to /verify.
    await page.goto(image!.path);
    const line = page.getByText(/^Content Credentials: Signed by Stockroom(?: · AI tool: .+)? · signed \w+ \d+, \d{4}\. Verify a file$/);
    await line.waitFor();
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/verify-image-page-line.png` });
    await interactive(line.getByRole("link", { name: "Verify a file" }));
    await line.getByRole("link", { name: "Verify a file" }).click();
    await page.getByRole("heading", { name: "Verify a file", level: 1 }).waitFor();
    await interactive(page.getByLabel("Choose a file to check"));

    const intact = await check(page, "medium.jpg", download, /^Content Credentials intact: signed by Stockroom on \w+ \d+, \d{4}$/, "intact");
    expect(await intact.getByRole("definition").allInnerTexts()).toEqual(expect.arrayContaining([image!.title, image!.creator.name]));

    const altered = Buffer.from(download);
    altered[altered.length - 100]! ^= 0x01;
    await check(page, "medium-edited.jpg", altered, "This file was altered after it was signed", "altered");

    const plain = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#7a9cc6" } }).jpeg().toBuffer();
    const elsewhere = await makeIdentity("Elsewhere Images").then((made) => identityOf(made.certPem, made.keyPem));
    const theirs = await check(page, "theirs.jpg", await signedAs(elsewhere, plain, { title: "Their harbour", model: "Imagen 4" }), "Signed by someone else: Elsewhere Images", "other");
    await theirs.getByText("It was not signed by this site, and its certificate is not one this site trusts.", { exact: false }).waitFor();

    await check(page, "plain.jpg", plain, "No Content Credentials", "none");
    await context.close();
  });
});
