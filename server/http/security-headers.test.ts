import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { hashSource, pageCsp } from "./security-headers.ts";
import { startTestApp } from "./test-app.ts";

/** The policy a page gets, and the headers every kind of answer carries, over real HTTP. */

const database = await testDatabase();
const http = await startTestApp(database);
const https = await startTestApp(database, { BASE_URL: "https://images.example.com" });

const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));
const plain = { baseUrl: "http://localhost:3000", google: undefined, media: { baseUrl: undefined } };

describe("pageCsp", () => {
  it("allows inline scripts and styles by the response's nonce only, never 'unsafe-inline' or 'unsafe-eval' for scripts", () => {
    const csp = directives(pageCsp(plain, { nonce: "n0nce" }));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(csp.get("style-src-elem")).toContain("'nonce-n0nce'");
    expect(csp.get("style-src-attr")).toContain("'unsafe-inline'");
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("allows a cached page's inline scripts and styles by their hashes instead", () => {
    const hash = hashSource("window.__data = 1;");
    const csp = directives(pageCsp(plain, { hashes: [hash] }));
    expect(csp.get("script-src")).toEqual(["'self'", hash]);
    expect(csp.get("style-src-elem")).toContain(hash);
    expect([...csp.values()].flat().some((source) => source.startsWith("'nonce-"))).toBe(false);
  });

  it("allows the media origin, Google's issuer for forms, and upgrades requests on an https site", () => {
    const csp = directives(
      pageCsp(
        {
          baseUrl: "https://images.example.com",
          media: { baseUrl: "https://cdn.example.net/stockroom" },
          google: { clientId: "id", clientSecret: "secret", issuer: "https://accounts.google.com" },
        },
        { nonce: "n" },
      ),
    );
    expect(csp.get("img-src")).toContain("https://cdn.example.net");
    expect(csp.get("connect-src")).toEqual(["'self'", "https://cdn.example.net"]);
    expect(csp.get("form-action")).toEqual(["'self'", "https://accounts.google.com"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
  });
});

describe("headers", () => {
  const common = (res: Response) => {
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(res.headers.has("x-powered-by")).toBe(false);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  };

  it("API answers: nosniff, no framing, nothing to run, same-origin only", async () => {
    const res = await fetch(`${http.origin}/api/tags/random`);
    common(res);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.has("strict-transport-security")).toBe(false);
  });

  it("HSTS for a year, with subdomains, when BASE_URL is https", async () => {
    const res = await fetch(`${https.origin}/healthz`);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("media files stay embeddable by other sites", async () => {
    const id = await addImage(database.db, http.services.media, "Hotlinked");
    const { src } = (await (await fetch(`${http.origin}/api/images/${id}`)).json()) as { src: string };
    const res = await fetch(new URL(src, http.origin));
    expect(res.status).toBe(200);
    common(res);
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(res.headers.has("x-frame-options")).toBe(false);
    expect(res.headers.has("content-security-policy")).toBe(false);
  });

  // (Pages kept for anonymous visitors name their inline scripts' hashes instead: server/http/page-cache.ts.)
  it("pages rendered per request get a fresh nonce in their CSP on every response", async () => {
    const noncesOf = async () => (await fetch(`${http.origin}/login`)).headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    const [a, b] = [await noncesOf(), await noncesOf()];
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
  });

  it("lets the developers' page write its reference's style elements in every language, and no other page", async () => {
    const styleElements = async (path: string) => directives((await fetch(`${http.origin}${path}`)).headers.get("content-security-policy")!).get("style-src-elem");
    expect(await styleElements("/developers")).toContain("'unsafe-inline'");
    expect(await styleElements("/de/developers")).toContain("'unsafe-inline'");
    expect(await styleElements("/de/login")).not.toContain("'unsafe-inline'");
  });
});
