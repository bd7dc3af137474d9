import { describe, expect, it } from "vitest";
import { distinctImage } from "../server/media/test-images.ts";
import { newContext } from "./browser.ts";
import { hydrated, newEmail, signUpByApi } from "./account-page.ts";
import { operator } from "./admin-page.ts";

/**
 * A creator uploads three files at once (one is not an image): each row shows its progress, the
 * refused one its reason, and the two images are processed in the background and appear in the
 * gallery, on the creator's own page and under "Your images".
 */
describe("upload", () => {
  it("uploads two images and refuses a text file with its reason; the images appear in the gallery", async () => {
    const context = await newContext("desktop");
    const email = newEmail("creator");
    await signUpByApi(context, "Iris Upload", email);
    await operator("admin", "grant", email, "--role", "creator");
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Upload", exact: true }).first().click();
    await page.waitForURL("**/upload");
    await hydrated(page);
    const files = [
      { name: "lighthouse-at-dawn.jpg", mimeType: "image/jpeg", buffer: await distinctImage(900, 600, 301) },
      { name: "field-of-poppies.jpg", mimeType: "image/jpeg", buffer: await distinctImage(600, 900, 302) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture at all") },
    ];
    await page.getByLabel("Choose files").setInputFiles(files);
    const rows = page.getByRole("list", { name: "Files to upload" }).locator(":scope > li");
    await expect.poll(() => rows.count()).toBe(3);
    // Each row names its file's real size: files under 1 MB in KB (a 20-byte file is "1 KB", not "0.0 MB").
    for (const [i, file] of files.entries()) {
      expect(file.buffer.length).toBeLessThan(1024 * 1024);
      expect(await rows.nth(i).textContent()).toContain(`${Math.max(1, Math.round(file.buffer.length / 1024))} KB`);
    }
    await page.getByLabel("Tags", { exact: true }).fill("lighthouse keeper, morning");
    await page.getByLabel("Category", { exact: true }).fill("Nature");
    await page.getByRole("button", { name: "Upload 3 files" }).click();

    const row = (name: string) => rows.filter({ hasText: name });
    await expect.poll(() => row("notes.txt").getByRole("status").textContent(), { timeout: 15_000 }).toBe("Refused: Not an image file (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)");
    for (const name of ["lighthouse-at-dawn.jpg", "field-of-poppies.jpg"]) {
      // Sent whole, then processed, then published with a link to the image.
      await expect.poll(() => row(name).getByRole("progressbar").getAttribute("aria-valuenow"), { timeout: 30_000 }).toBe("100");
      await expect.poll(() => row(name).getByRole("status").textContent(), { timeout: 60_000 }).toBe("Published · View");
    }

    await page.goto("/?tag=lighthouse%20keeper");
    const grid = page.getByRole("list", { name: "Images" });
    for (const title of ["lighthouse at dawn", "field of poppies"]) await grid.getByRole("img", { name: title }).waitFor();
    expect(await grid.locator(":scope > li").count()).toBe(2);

    await page.goto("/studio");
    await expect.poll(() => page.getByRole("heading", { name: "Images (2)" }).count()).toBe(1);

    // An avatar from the profile settings shows on the creator page.
    await page.goto("/profile-settings");
    await hydrated(page);
    await page.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await distinctImage(300, 300, 303, "png") });
    await page.getByText("Avatar updated").waitFor();
    await page.goto("/creator/Iris%20Upload");
    await page.locator('main img[src*="/media/a/"]').first().waitFor();
  });

  it("keeps members out: the Upload link is not theirs, and /upload is a 404", async () => {
    const context = await newContext("desktop");
    await signUpByApi(context, "Mo Member");
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    expect(await page.getByRole("link", { name: "Upload", exact: true }).count()).toBe(0);
    const res = await page.goto("/upload");
    expect(res!.status()).toBe(404);
  });
});
