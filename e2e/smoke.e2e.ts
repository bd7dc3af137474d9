import { describe, expect, it } from "vitest";
import { baseUrl, newPage } from "./browser.ts";

describe("the server", () => {
  it("answers its health check and serves the home page", async () => {
    const health = await fetch(`${baseUrl()}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const page = await newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("Stockroom · Free AI-generated stock images");
  });
});
