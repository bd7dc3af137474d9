import { describe, expect, it } from "vitest";
import { baseUrl, newPage } from "./browser.ts";

/**
 * /developers: the API reference drawn from /api/openapi.json by a renderer bundled with the
 * site, loaded by that page alone, and fetching nothing from anywhere else.
 */

describe("the developers' page", () => {
  it("is linked from the menu and shows the API's operations, with every request to this site", async () => {
    const page = await newPage();
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(baseUrl()) && !url.startsWith("data:") && !url.startsWith("blob:")) elsewhere.push(url);
    });
    const scripts: string[] = [];
    page.on("response", (response) => response.request().resourceType() === "script" && scripts.push(response.url()));
    await page.goto("/", { waitUntil: "networkidle" });
    const homeScripts = scripts.splice(0);
    expect(homeScripts.length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Developers" }).click();
    await page.getByRole("heading", { name: "Developers", level: 1 }).waitFor();
    // Operations of each part of the API, as the document names them.
    for (const summary of ["List images", "Like an image", "The viewer's license receipts, newest first"]) {
      await page.getByText(summary, { exact: true }).first().waitFor();
    }
    expect(elsewhere).toEqual([]);
    // The renderer (Scalar's browser build, sent by this site) came with this page: the home page loaded none of its code.
    const isReference = (url: string) => /api-reference/.test(url) || url.startsWith(`${baseUrl()}/vendor/scalar/`);
    expect(scripts.filter((url) => url.startsWith(`${baseUrl()}/vendor/scalar/`)).length).toBeGreaterThan(0);
    expect(homeScripts.filter(isReference)).toEqual([]);
    // Nothing of Scalar's hosted services: no API client, no AI agent.
    expect(await page.getByRole("button", { name: "Ask AI" }).count()).toBe(0);
  });
});
