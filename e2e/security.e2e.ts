import { createHash } from "node:crypto";
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
    for (const path of ["/login", "/signup", "/login"]) {
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
  });

  it("names the hash of every inline script and style of a page kept for visitors, and no nonce", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseUrl()}/`);
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).not.toContain("nonce");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      const html = await res.text();
      const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>|<style\b[^>]*>([\s\S]*?)<\/style>/g)];
      expect(inline.length).toBeGreaterThan(1);
      for (const [, script, style] of inline) {
        expect(csp).toContain(`'sha256-${createHash("sha256").update(script ?? style ?? "").digest("base64")}'`);
      }
    }
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

    // A chunked body past the limit is refused while it arrives: the answer comes before the body ends.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${baseUrl()}/login`, { method: "POST", agent: false, headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on("error", reject);
      req.write(Buffer.alloc(80 * 1024, "a")); // more than the 64 KB limit, and never ended
    });
    expect(status).toBe(413);

    // A path that is not valid percent-encoding: no such page, and no detail of why.
    const undecodable = await fetch(`${baseUrl()}/%E0`);
    expect(undecodable.status).toBe(404);
    expect(await undecodable.text()).not.toMatch(/node_modules|URIError|\bat /);
  });
});
