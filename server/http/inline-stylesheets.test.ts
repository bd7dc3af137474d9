import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../test/scratch-dir.ts";
import { stylesheetInliner } from "./inline-stylesheets.ts";

describe("stylesheetInliner", () => {
  const clientDir = scratchDir("client");
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "assets/root-abc123.css"), "body{margin:0}");
  const inline = stylesheetInliner(clientDir);

  it("puts a built stylesheet into the page and keeps its link for print only", () => {
    const html = '<head><link rel="stylesheet" href="/assets/root-abc123.css#"/></head>';
    expect(inline(html)).toBe('<head><style>body{margin:0}</style><link rel="stylesheet" href="/assets/root-abc123.css#" media="print"/></head>');
  });

  it("gives the inlined stylesheet the page's CSP nonce", () => {
    const html = '<link nonce="abc==" rel="stylesheet" href="/assets/root-abc123.css#"/>';
    expect(inline(html, "abc==")).toBe(
      '<style nonce="abc==">body{margin:0}</style><link nonce="abc==" rel="stylesheet" href="/assets/root-abc123.css#" media="print"/>',
    );
  });

  it("leaves pages without a built stylesheet, and other links, as they are", () => {
    const html = '<link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="https://example.com/x.css"/>';
    expect(inline(html)).toBe(html);
  });

  it("reads each file once: a hashed asset never changes", () => {
    writeFileSync(path.join(clientDir, "assets/other-def456.css"), "p{color:red}");
    const page = '<link rel="stylesheet" href="/assets/other-def456.css"/>';
    expect(inline(page)).toContain("<style>p{color:red}</style>");
    rmSync(path.join(clientDir, "assets/other-def456.css"));
    expect(inline(page)).toContain("<style>p{color:red}</style>");
  });
});
