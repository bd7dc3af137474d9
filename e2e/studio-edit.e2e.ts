import { describe, expect, it } from "vitest";
import { imagePath } from "#contracts/catalog";
import { distinctImage } from "../server/media/test-images.ts";
import { field, hydrated } from "./account-page.ts";
import { expectNoAxeViolations, interactive, viewports } from "./browser.ts";
import { creatorContext, uploadedImage } from "./studio-page.ts";

const SHOTS = "/work/wt/_brief/shots";

/** An image's edit page changes how it was made, its model and prompt, as it changes its words (issue 26). */
describe("an image's edit page", () => {
  it.each(["phone", "desktop"] as const)("edits the model and prompt on %s, which the image's page then shows; too long, it says so and keeps them", async (viewport) => {
    const context = await creatorContext(viewport, `Mia Model ${viewport}`);
    const title = `Lighthouse on ${viewport}`;
    const upload = await uploadedImage(context, { fileName: "lighthouse.jpg", title }, await distinctImage(500, 400, 970 + (viewport === "phone" ? 1 : 2)));
    const image = upload.image!;
    const page = await context.newPage();
    await page.goto(`/studio/images/${image.id}`);
    await hydrated(page);
    expect(await field(page, "Model (optional)").inputValue()).toBe("");

    await field(page, "Model (optional)").fill("Imagen 4");
    await field(page, "Prompt (optional)").fill("A lighthouse at dusk,\nlong exposure");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Changes saved" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].viewport.width);
    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/studio-edit-model-${viewport}.png`, fullPage: true });

    // A browser that sends more than the field takes (its limit removed) is told the limit, and the typed words stay.
    const tooLong = "m".repeat(201);
    await field(page, "Model (optional)").evaluate((input) => input.removeAttribute("maxlength"));
    await field(page, "Model (optional)").fill(tooLong);
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Model must be at most 200 characters");
    expect(await field(page, "Model (optional)").inputValue()).toBe(tooLong);
    expect(await field(page, "Prompt (optional)").inputValue()).toBe("A lighthouse at dusk,\nlong exposure");

    await page.goto(imagePath(image.id, image.slug));
    const dialog = page.getByRole("dialog", { name: title });
    await interactive(dialog);
    const made = dialog.getByRole("region", { name: "How it was made" });
    expect(await made.locator("dt", { hasText: "Model" }).locator("xpath=following-sibling::dd[1]").textContent()).toBe("Imagen 4");
    expect(await made.locator("dt", { hasText: "Prompt" }).locator("xpath=following-sibling::dd[1]").textContent()).toBe("A lighthouse at dusk,\nlong exposure");
  });
});
