import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl, newPage } from "./browser.ts";

/**
 * The built app as `npm start` serves it: every inline script and style of a page carries
 * the response's nonce, and hostile requests get plain answers without detail.
 */
describe("pages on the open internet", () => {
  it("gives every inline script, preload and style the nonce of the response's CSP, a fresh one each time", async () => {
    const nonces: string[] = [];
    for (const path of ["/", "/login"]) {
      const res = await fetch(`${baseUrl()}${path}`);
      const csp = res.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      nonces.push(nonce);
      const html = await res.text();
      const tags = html.match(/<script\b[^>]*>|<style\b[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(3);
      expect(tags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // The page works (hydrates, navigates) under it; the suite fails on any violation.
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Login", exact: true }).click();
    await page.waitForURL(/\/login/);
  });

  it("answers a page action's malformed form with 400 and a chunked flood with 413, without detail", async () => {
    const malformed = await fetch(`${baseUrl()}/login`, {
      method: "POST",
      headers: { origin: baseUrl(), "content-type": "multipart/form-data; boundary=x" },
      body: "not a form",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).not.toMatch(/TypeError|undici|node:internal|FormData/);

    const status = await new Promise<number>((resolve, reject) => {
      let answered = false;
      const req = request(`${baseUrl()}/login`, { method: "POST", agent: false, headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" } }, (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", (error) => !answered && reject(error));
      const chunk = Buffer.alloc(16 * 1024, "a");
      let sent = 0;
      const more = () => {
        while (sent++ < 64) if (!req.write(chunk)) return void req.once("drain", more);
        req.end();
      };
      more();
    });
    expect(status).toBe(413);

    const undecodable = await fetch(`${baseUrl()}/%E0`);
    expect(undecodable.status).toBe(400);
    expect(await undecodable.text()).not.toMatch(/node_modules|URIError|\bat /);
  });
});
