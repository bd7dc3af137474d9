import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { appBuild, startTestApp } from "./test-app.ts";

/** The client's scripts as browsers and other clients receive them, from the real build, over real HTTP. */

const database = await testDatabase();
const { origin } = await startTestApp(database, {}, { pages: true });
const assets = path.join((await appBuild()).clientDir, "assets");
const entry = readdirSync(assets).find((name) => /^entry\.client-[\w-]+\.js$/.test(name))!;
const plain = readFileSync(path.join(assets, entry));

/** The answer's headers and its bytes as sent, not decoded (fetch would decode them). */
function get(file: string, acceptEncoding: string, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}/assets/${file}`, { method, headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("the client's scripts", () => {
  it("go to a browser in the brotli the build made once, smaller than compressing each request's copy", async () => {
    const res = await get(entry, "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.body).equals(plain)).toBe(true);
    // What the compression middleware sends for an asset without a compressed file: brotli at quality 4.
    const perRequest = zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(res.body.length).toBeLessThan(perRequest.length * 0.9);
  });

  it("go in gzip to a client that takes only gzip, and as they are to one that takes neither", async () => {
    const gzip = await get(entry, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain)).toBe(true);
    const identity = await get(entry, "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });

  it("answer HEAD with the encoded file's headers and no body, and an unknown asset with 404", async () => {
    const head = await get(entry, "br", "HEAD");
    expect([head.status, head.headers["content-encoding"], head.body.length]).toEqual([200, "br", 0]);
    expect(Number(head.headers["content-length"])).toBe(readFileSync(path.join(assets, `${entry}.br`)).length);
    expect((await get("entry.client-missing.js", "br")).status).toBe(404);
  });
});
