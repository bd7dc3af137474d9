import { describe, expect, it } from "vitest";
import { scriptsAfterContent } from "./scripts-after-content.ts";

describe("scriptsAfterContent", () => {
  it("takes React Router's script preloads out of the page, with or without a nonce, and leaves its module script", () => {
    const page =
      '<head><link rel="preload" href="/assets/inter.woff2" as="font"/><link rel="modulepreload" href="/assets/entry.client-D2QeUaQa.js" nonce="abc=="/>' +
      '<link rel="modulepreload" href="/assets/root-CF9uhiCN.js"/></head><body><main>cards</main>' +
      '<script nonce="abc==" type="module" async="">import * as route0 from "/assets/root-CF9uhiCN.js";</script></body>';
    expect(scriptsAfterContent(page)).toBe(
      '<head><link rel="preload" href="/assets/inter.woff2" as="font"/></head><body><main>cards</main>' +
        '<script nonce="abc==" type="module" async="">import * as route0 from "/assets/root-CF9uhiCN.js";</script></body>',
    );
  });

  it("leaves a creator's text that merely looks like a preload alone: only the tags React writes, to our assets", () => {
    const text = '<p>&lt;link rel="modulepreload" href="/assets/x.js"/&gt;</p><link rel="modulepreload" href="https://example.com/x.js"/>';
    expect(scriptsAfterContent(text)).toBe(text);
  });
});
