import zlib from "node:zlib";
import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { EncodedBody } from "./encoded-body.ts";

/** A request accepting these encodings, as Express answers `acceptsEncodings`. */
const accepting = (...encodings: string[]) => ({ acceptsEncodings: (e: string) => (encodings.includes(e) ? e : false) }) as unknown as Request;

describe("a body sent many times", () => {
  const html = Buffer.from(`<!DOCTYPE html><p>${"a kept page ".repeat(2000)}</p>`);

  it("compresses each encoding when first asked for it, once for requests asking at the same moment, then holds the compressed bytes only", async () => {
    const body = new EncodedBody(html);
    expect(body.bytes).toBe(html.length);
    const [br, alongside] = await Promise.all([body.for(accepting("gzip", "br")), body.for(accepting("br"))]);
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(html)).toBe(true);
    expect(alongside.body).toBe(br.body);
    expect(body.bytes).toBe(br.body.length);
    expect((await body.for(accepting("br"))).body).toBe(br.body);
  });

  it("still sends the exact plain body, with its own ETag, to a client that accepts no compression", async () => {
    const body = new EncodedBody(html);
    const gzip = await body.for(accepting("gzip"));
    const plain = await body.for(accepting());
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(html)).toBe(true);
    expect(plain.etag).not.toBe(gzip.etag);
    expect(gzip.etag).toBe(`${plain.etag}-gzip`);
    // Such a client asks again: the plain body is kept from then on, not made anew per request.
    expect(body.bytes).toBe(gzip.body.length + html.length);
    expect((await body.for(accepting())).body).toBe((await body.for(accepting())).body);
  });

  it("sends small bodies as they are", async () => {
    const small = new EncodedBody(Buffer.from("{}"));
    expect((await small.for(accepting("br"))).encoding).toBeUndefined();
  });
});
