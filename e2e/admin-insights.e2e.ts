import { describe, expect, it } from "vitest";
import { signUpByApi } from "./account-page.ts";
import { adminContext } from "./admin-page.ts";
import { newContext } from "./browser.ts";

/** /admin/insights on the e2e server, whose demo catalog comes with its history (server/catalog/demo/demo-history.ts). */

const number = (text: string | null) => Number(text?.replaceAll(",", ""));

describe("admin insights", () => {
  it("shows an admin charts with data, 30 or 90 days of them, the top images and searches, and those that found nothing", async () => {
    const { context } = await adminContext();
    const page = await context.newPage();
    await page.goto("/admin/insights");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Insights" }).waitFor();
    expect(await page.getByRole("link", { name: "30 days" }).getAttribute("aria-current")).toBe("page");

    for (const title of ["Views", "Downloads", "Likes", "Sign-ups", "Searches"]) {
      const chart = page.getByRole("region", { name: title, exact: true });
      expect(number(await chart.locator("dd").first().textContent()), `${title} in 30 days`).toBeGreaterThan(0);
      // Drawn once the page has hydrated: an area with a real outline.
      const area = chart.locator("path.recharts-area-area").first();
      await area.waitFor();
      expect((await area.getAttribute("d"))!.length).toBeGreaterThan(100);
    }

    // The same numbers as a table, one row per day.
    const views = page.getByRole("region", { name: "Views", exact: true });
    await views.getByText("Numbers per day").click();
    const rows = views.getByRole("table").locator("tbody tr");
    expect(await rows.count()).toBe(30);
    const perDay = (await rows.locator("td").allTextContents()).map(number);
    expect(perDay.reduce((a, b) => a + b, 0)).toBe(number(await views.locator("dd").first().textContent()));

    const images = page.getByRole("region", { name: "Top images" });
    expect(await images.locator("tbody tr").count()).toBe(10);
    await images.locator("tbody img").first().waitFor();

    await page.getByRole("link", { name: "90 days" }).click();
    await page.locator('a[aria-current="page"]', { hasText: "90 days" }).waitFor();
    expect(page.url()).toMatch(/\?days=90$/);
    expect(await page.getByRole("region", { name: "Views", exact: true }).getByRole("table").locator("tbody tr").count()).toBe(90);

    const top = page.getByRole("region", { name: "Top searches" }).locator("tbody tr");
    expect(await top.count()).toBe(10);
    expect(number(await top.first().locator("td").first().textContent())).toBeGreaterThan(10);
    const nothing = page.getByRole("region", { name: "Searches that found nothing" }).locator("tbody tr");
    expect(await nothing.count()).toBeGreaterThan(3);
    expect(number(await nothing.first().locator("td").nth(1).textContent())).toBeGreaterThan(0);
    // Each leads to the search itself, which finds nothing.
    const query = await nothing.first().getByRole("link").textContent();
    await nothing.first().getByRole("link").click();
    await page.getByRole("heading", { name: `No images found for "${query}"` }).waitFor();
  });

  it("are refused to members, and a wrong period is a 400 that says why", async () => {
    const context = await newContext("desktop");
    await signUpByApi(context, "Insights Member");
    expect((await context.request.get("/admin/insights")).status()).toBe(404);
    const { context: admin } = await adminContext();
    const wrong = await admin.request.get("/admin/insights?days=7");
    expect(wrong.status()).toBe(400);
    expect(await wrong.text()).toContain("days must be 30 or 90");
  });
});
