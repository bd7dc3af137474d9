import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import type { CreatorPage, ImageDetail, ImagePage } from "#contracts/catalog";
import { testDatabase } from "../../../test/database.ts";
import { cookiesFrom } from "../../auth/test-accounts.ts";
import { addImages, minute } from "../../catalog/test-fixtures.ts";
import { startTestApp } from "../test-app.ts";

/** The catalog API over HTTP: answers, caching, and the errors a client gets for bad input. */

const database = await testDatabase();
const { db } = database;
const { call, origin } = await startTestApp(database);

async function json<T>(path: string, status = 200): Promise<T> {
  const res = await call("GET", path);
  expect(res.status, path).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as T;
}

const [dunes, lake, pier] = await addImages(db, [
  { title: "Dunes at noon", creator: "Zoë Martin", tags: ["desert", "sand"], createdAt: minute(1) },
  { title: "Lake at dawn", creator: "Zoë Martin", tags: ["water"], createdAt: minute(2) },
  { title: "Old pier", creator: "Ida Berg", tags: ["water", "sea"], createdAt: minute(3) },
]);

describe("answers", () => {
  it("lists images newest first with a cursor to the next page, not cached (likes are per viewer)", async () => {
    const res = await call("GET", "/api/images?limit=2");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const first = (await res.json()) as ImagePage;
    expect(first.items.map((i) => i.id)).toEqual([pier, lake]);
    const second = await json<ImagePage>(`/api/images?limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ nextCursor: null, total: null });
    expect(second.items.map((i) => i.id)).toEqual([dunes]);
  });

  it("sends a list compressed as the browser asks, with an ETag that a later request may match for a 304", async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${origin}/api/images`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    const plain = await raw({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const listed = (JSON.parse(plain.body.toString()) as ImagePage).items.map((i) => i.id);
    expect(listed).toEqual([pier, lake, dunes]);
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const sent = await raw({ "accept-encoding": accept });
      expect(sent.headers["content-encoding"]).toBe(encoding);
      expect(sent.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(sent.body).equals(plain.body)).toBe(true);
      const again = await raw({ "accept-encoding": accept, "if-none-match": sent.headers.etag! });
      expect(again.status).toBe(304);
      expect(sent.headers.etag).not.toBe(plain.headers.etag);
    }
  });

  it("filters by tag and searches, with the total of a search", async () => {
    expect((await json<ImagePage>("/api/images?tag=WATER")).items.map((i) => i.id)).toEqual([pier, lake]);
    const found = await json<ImagePage>(`/api/images?q=${encodeURIComponent(" zoë ")}`);
    expect(found.total).toBe(2);
    expect(found.items.map((i) => i.id)).toEqual([lake, dunes]);
    const narrowed = await json<ImagePage>(`/api/images?q=${encodeURIComponent("zoë")}&orientation=landscape&color=blue`);
    expect([narrowed.items.map((i) => i.id), narrowed.total]).toEqual([[lake, dunes], 2]);
    expect((await json<ImagePage>("/api/images?orientation=portrait")).items).toEqual([]);
  });

  it("gives an image's detail and counts its views", async () => {
    expect((await call("POST", `/api/images/${lake}/views`)).status).toBe(200);
    const detail = await json<ImageDetail>(`/api/images/${lake}`);
    expect(detail).toMatchObject({ id: lake, title: "Lake at dawn", views: 1, path: `/images/${lake}-lake-at-dawn` });
    expect(detail.related.map((r) => r.id)).toEqual([pier, dunes]);
  });

  it("gives random tags, suggestions and a creator", async () => {
    expect((await json<{ tags: string[] }>("/api/tags/random")).tags.sort()).toEqual(["desert", "sand", "sea", "water"]);
    const res = await call("GET", "/api/tags/suggestions?q=SA");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(await res.json()).toEqual({ tags: ["sand"] });
    const zoe = await json<CreatorPage>(`/api/creators/${encodeURIComponent("Zoë Martin")}`);
    expect(zoe).toMatchObject({ name: "Zoë Martin", uploads: 2, likes: 0, downloads: 0 });
    expect(zoe.images.items.map((i) => i.id)).toEqual([lake, dunes]);
  });

  it("marks the images a signed-in visitor likes", async () => {
    const signUp = await call("POST", "/api/auth/sign-up/email", {
      json: { name: "Liker", email: "liker@example.test", password: "a long enough passphrase" },
    });
    expect(signUp.status).toBe(200);
    const cookies = cookiesFrom(signUp.headers);
    expect((await call("PUT", `/api/images/${dunes}/like`, { cookies })).status).toBe(200);
    const page = (await (await call("GET", "/api/images", { cookies })).json()) as ImagePage;
    expect(page.items.filter((i) => i.liked).map((i) => i.id)).toEqual([dunes]);
    expect((await json<ImagePage>("/api/images")).items.some((i) => i.liked)).toBe(false);
  });
});

describe("errors", () => {
  const longQ = "a".repeat(201);
  const foreignCursor = Buffer.from("hello").toString("base64url");
  it.each([
    ["/api/images?limit=0", "limit"],
    ["/api/images?limit=101", "limit"],
    ["/api/images?limit=abc", "limit"],
    ["/api/images?limit=2.5", "limit"],
    ["/api/images?cursor=not!base64", "cursor"],
    [`/api/images?cursor=${foreignCursor}`, "cursor"],
    [`/api/images?q=${longQ}`, "q"],
    ["/api/images?tag=a&tag=b", "tag"],
    ["/api/images?orientation=tall", "orientation"],
    ["/api/images?color=chartreuse", "color"],
    [`/api/creators/${encodeURIComponent("Zoë Martin")}?color=Blue`, "color"],
    ["/api/tags/suggestions?q=a", "q"],
    ["/api/tags/suggestions", "q"],
    ["/api/images/abc", "id"],
    ["/api/images/0", "id"],
    [`/api/creators/${encodeURIComponent("Zoë Martin")}?limit=0`, "limit"],
  ])("GET %s is a 400 naming %s", async (path, field) => {
    const body = await json<ApiErrorBody>(path, 400);
    expect(body.error).toEqual({ code: "BAD_REQUEST", message: expect.stringContaining(field), field });
  });

  it.each([
    ["GET", "/api/images/999999"],
    ["POST", "/api/images/999999/views"],
    ["GET", "/api/creators/Nobody"],
    ["GET", "/api/no-such-endpoint"],
  ])("%s %s is a 404 with a JSON error", async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(404);
    const body = (await res.json()) as ApiErrorBody;
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.message).toEqual(expect.any(String));
  });
});
