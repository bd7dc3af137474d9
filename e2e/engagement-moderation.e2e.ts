import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { solidImage } from "../server/media/test-images.ts";
import { baseUrl, newContext } from "./browser.ts";

/**
 * Moderation as an operator does it: `npm run import` and `npm run moderate` against the
 * running server's DATA_DIR (they reach its embedded PostgreSQL while it serves).
 */

const folder = mkdtempSync(path.join(tmpdir(), "stockroom-moderation-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function npmRun(script: "import" | "moderate", ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["node_modules/tsx/dist/cli.mjs", `cli/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: inject("dataDir"), LOG_LEVEL: "error" },
  });
  return stdout;
}

/** A page as a visitor who is not signed in gets it: kept between catalog changes (server/http/page-cache.ts). */
async function anonymous(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${baseUrl()}${path}`);
  return { status: response.status, html: await response.text() };
}

const search = async (q: string) => (await (await fetch(`${baseUrl()}/api/images?q=${encodeURIComponent(q)}`)).json()) as ImagePage;

describe("npm run moderate on a running site", () => {
  it("lists a visitor's report, and hiding the image takes it off search, the sitemap and its own page", async () => {
    // An image of this test's own, dated long ago so that it sits at the end of the newest-first gallery.
    const word = `moderated${randomUUID().slice(0, 8)}`;
    const title = `Sunset ${word}`;
    writeFileSync(path.join(folder, "sunset.jpg"), await solidImage(800, 600, "#d0603a", "jpeg"));
    writeFileSync(path.join(folder, "manifest.json"), JSON.stringify([{ file: "sunset.jpg", title, created: "2001-01-01" }]));
    await npmRun("import", "folder", folder);
    const [image] = (await search(word)).items;
    expect(image?.title).toBe(title);

    const context = await newContext();
    const email = `moderation-${randomUUID()}@example.test`;
    const signUp = await context.request.post("/api/auth/sign-up/email", {
      data: { name: "Rita Reporter", email, password: "moderation e2e passphrase" },
      headers: { origin: baseUrl() },
    });
    expect(signUp.status()).toBe(200);
    const report = await context.request.post(`/api/images/${image!.id}/reports`, {
      data: { reason: "copyright", details: "I painted this" },
      headers: { origin: baseUrl() },
    });
    expect(report.status()).toBe(201);

    // Kept for visitors: the image's page, and its search however the URL is decorated.
    expect((await anonymous(image!.path)).status).toBe(200);
    expect((await anonymous(`/?q=${word}`)).html).toContain(title);
    expect((await anonymous(`/?utm_source=mail&q=${word}`)).html).toContain(title);

    const listed = await npmRun("moderate", "reports");
    expect(listed).toContain(`image ${image!.id} "${title}"`);
    expect(listed).toContain("reason:   Copyright or trademark violation");
    expect(listed).toContain("details:  I painted this");
    expect(listed).toContain(`reporter: Rita Reporter <${email}>`);

    expect(await npmRun("moderate", "hide", String(image!.id), "--reason", "copyright claim")).toBe(
      `Image ${image!.id} is hidden; 1 open report resolved.\n`,
    );
    expect((await search(word)).items).toEqual([]);
    // Every kept page that showed it is dropped as the change is announced (at once; the new render may take a moment).
    await vi.waitFor(
      async () => {
        expect((await anonymous(image!.path)).status).toBe(404);
        expect((await anonymous(`/?q=${word}`)).html).not.toContain(title);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await (await fetch(`${baseUrl()}/sitemap.xml`)).text()).not.toContain(image!.path);
    expect((await fetch(`${baseUrl()}/api/images/${image!.id}`)).status).toBe(404);
    const page = await context.newPage();
    expect((await page.goto(image!.path))?.status()).toBe(404);
    expect(await npmRun("moderate", "reports")).not.toContain(`image ${image!.id} `);
  }, 120_000);
});
