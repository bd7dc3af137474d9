import { describe, expect, it } from "vitest";
import { distinctImage } from "../server/media/test-images.ts";
import { signUpByApi } from "./account-page.ts";
import { baseUrl, expectNoAxeViolations, newContext, viewports } from "./browser.ts";
import { creatorContext, uploadedImage } from "./studio-page.ts";

/** "Your images" tells a creator how each image, and all of them, were seen, downloaded and liked (issue 26). */
describe("a creator's numbers", () => {
  it.each(["phone", "desktop"] as const)("show on %s per image and in all, with the last 30 days drawn", async (viewport) => {
    const context = await creatorContext(viewport, `Nico Numbers ${viewport}`);
    const upload = await uploadedImage(context, { fileName: "counted.jpg", title: `Counted on ${viewport}` }, await distinctImage(500, 400, 950 + (viewport === "phone" ? 1 : 2)));
    const image = upload.image!;
    const fan = await newContext(viewport);
    await signUpByApi(fan, "Fay Fan");
    const headers = { origin: baseUrl() };
    expect((await fan.request.post(`/api/images/${image.id}/views`, { headers })).status()).toBe(200);
    expect((await fan.request.put(`/api/images/${image.id}/like`, { headers })).status()).toBe(200);
    expect((await fan.request.get(`/api/images/${image.id}/download?size=original`)).status()).toBe(200);

    const page = await context.newPage();
    await page.goto("/studio");
    const numbers = page.getByRole("region", { name: "Your numbers" });
    for (const label of ["Views", "Downloads", "Likes"]) {
      expect(await numbers.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").textContent()).toBe("1");
      await numbers.getByRole("img", { name: `${label} in the last 30 days: 1` }).waitFor();
    }
    await page.getByRole("listitem").filter({ hasText: image.title }).getByText("1 view · 1 download · 1 like", { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].viewport.width);
    await expectNoAxeViolations(page);
  });
});
