import { eq, sql } from "drizzle-orm";
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import { testDatabase } from "../../test/database.ts";
import { cookiesFrom } from "../auth/test-accounts.ts";
import { connect } from "../db/database.ts";
import { images, likes } from "../db/schema.ts";
import { addImage } from "../../test/people-and-images.ts";
import type { Logger } from "../logger.ts";
import { MAX_BODY_BYTES, MAX_URL_LENGTH } from "./limits.ts";
import { startTestApp, TEST_BASE_URL } from "./test-app.ts";

/**
 * Limits a request meets before any work is done for it, and what an unexpected failure
 * shows (a request id, nothing of the code), on the whole app over real HTTP. The app's
 * pool has a tiny statement timeout, so that a query held up by a lock is cancelled.
 */

const database = await testDatabase();
const pool = connect(database.url, 4, { statementTimeoutMs: 300 });
afterAll(() => pool.close());
const logged: string[] = [];
const log: Logger = {
  error: (message, error) => void logged.push(`${message}: ${error instanceof Error ? error.stack : String(error)}`),
  info: () => {},
  debug: () => {},
  request: () => {},
};
const { services, call, origin } = await startTestApp(pool, { AUTH_RATE_LIMIT_PER_IP: "1000" }, { log });

/** A raw request on a connection of its own: the body is `chunks` pieces of `chunkBytes` (chunked when no length is declared); resolves at the answer. */
function rawRequest(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; chunkBytes?: number; chunks?: number } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${origin}${path}`, { method, agent: false, headers: { origin: TEST_BASE_URL, ...options.headers } }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    // The server may close the connection while the body is still being sent: once answered, that is expected.
    req.on("error", (error) => !answered && reject(error));
    let sent = 0;
    const chunk = Buffer.alloc(options.chunkBytes ?? 0, "a");
    const writeMore = () => {
      while (sent < (options.chunks ?? 0)) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

const tooLargeBody = { code: "PAYLOAD_TOO_LARGE", message: `Request body is too large (at most ${MAX_BODY_BYTES / 1024} KB)` };

describe("request bodies", () => {
  const big = String(10 * 1024 * 1024);

  it("refuses a page action's large body with 413 before reading it", async () => {
    const res = await rawRequest("POST", "/login", {
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": big },
      chunkBytes: 64 * 1024,
      chunks: 2,
    });
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain(tooLargeBody.message);
  });

  it("refuses large bodies for Better Auth and the API in the JSON error shape", async () => {
    for (const path of ["/api/auth/sign-in/email", "/api/images/1/reports"]) {
      const res = await rawRequest("POST", path, {
        headers: { "content-type": "application/json", "content-length": big },
        chunkBytes: 64 * 1024,
        chunks: 2,
      });
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: tooLargeBody });
    }
    // Sent in chunks, without a declared length: cut off at the limit.
    for (const path of ["/api/auth/sign-in/email", "/api/images/1/reports"]) {
      const chunked = await rawRequest("POST", path, { headers: { "content-type": "application/json" }, chunkBytes: 16 * 1024, chunks: 64 });
      expect(chunked.status, path).toBe(413);
    }
  });

  it("lets a client that sends a whole 10 MB body read the 413, then closes the connection", async () => {
    // (This test app renders no page: a page's body is refused by its declared length only.)
    const sends = [
      ...["/login", "/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/images/1/reports"].map((path) => ({ path, declared: true })),
      ...["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/images/1/reports"].map((path) => ({ path, declared: false })),
    ];
    for (const { path, declared } of sends) {
      const res = await rawRequest("POST", path, {
        headers: { "content-type": "application/json", ...(declared ? { "content-length": big } : {}) },
        chunkBytes: 1024 * 1024,
        chunks: 10,
      });
      expect(res.status, `${path}, length ${declared ? "declared" : "not declared"}`).toBe(413);
      expect(res.headers.connection).toBe("close");
    }
  }, 60_000);

  it("gives each route whose body is a file UPLOAD_MAX_MB instead, matched as the API's router matches it", async () => {
    const overUploadLimit = String(50 * 1024 * 1024 + 1);
    for (const [method, path] of [["POST", "/api/uploads"], ["POST", "/API/Uploads/"], ["PUT", "/api/me/avatar"], ["POST", "/api/content-credentials/check"]] as const) {
      const res = await rawRequest(method, path, { headers: { "content-type": "application/octet-stream", "content-length": overUploadLimit }, chunkBytes: 64 * 1024, chunks: 2 });
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.body), path).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: "The file is too large (at most 50 MB)" } });
    }
  });

  it("answers a malformed JSON body with 400 in the JSON error shape", async () => {
    const res = await fetch(`${origin}/api/images/1/reports`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json" },
      body: '{"reason": "spam",',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "BAD_REQUEST", message: "Request body is not valid JSON" } });
  });
});

describe("URLs and headers", () => {
  it("answers 414 to a URL over the limit: a plain page, or the JSON error shape under /api", async () => {
    const page = await fetch(`${origin}/?q=${"a".repeat(MAX_URL_LENGTH)}`);
    expect(page.status).toBe(414);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    for (const path of ["/api/images", "/API/tags/random"]) {
      const api = await fetch(`${origin}${path}?q=${"a".repeat(MAX_URL_LENGTH)}`);
      expect(api.status, path).toBe(414);
      expect(await api.json(), path).toEqual({ error: { code: "URI_TOO_LONG", message: `The URL is too long (at most ${MAX_URL_LENGTH} characters)` } });
    }
  });

  it("answers 431 to a header block over the limit", async () => {
    const res = await rawRequest("GET", "/api/tags/random", { headers: { "x-filler": "a".repeat(20 * 1024) } });
    expect(res.status).toBe(431);
  });
});

describe("unexpected errors", () => {
  // (A page path that is not valid percent-encoding is React Router's 404 page: hostile-input.test.ts.)
  it("answers an API path that is not valid percent-encoding with a plain 400, no stack", async () => {
    for (const path of ["/api/images/%E0", "/api/creators/%E0"]) {
      const res = await fetch(`${origin}${path}`);
      const body = await res.text();
      expect(res.status, path).toBe(400);
      expect(body).not.toMatch(/node_modules|\bat \w|Error:|express|URIError/i);
    }
  });

  it("answers a page that fails with a plain page and a request id; the log keeps the detail under that id", async () => {
    const res = await fetch(`${origin}/license`);
    const body = await res.text();
    const id = res.headers.get("x-request-id");
    expect(res.status).toBe(500);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toContain(`Reference: <code>${id}</code>`);
    expect(body).not.toMatch(/node_modules|This test serves|\.ts\b|react-router/i);
    expect(logged.find((line) => line.includes(id!))).toContain("This test serves the API only");
  });
});

describe("statement timeout", () => {
  it("answers 503 when a request's query runs too long, and leaves nothing half-written", async () => {
    const id = await addImage(database.db, services.media, "Locked Up");
    const signUp = await call("POST", "/api/auth/sign-up/email", {
      json: { name: "Patience", email: "patience@example.test", password: "a long enough passphrase" },
    });
    const cookies = cookiesFrom(signUp.headers);
    const locker = await database.pool.connect();
    try {
      // Another session holds the images table: the like's count update waits until cancelled.
      await locker.query("begin");
      await locker.query("lock table images in share mode");
      const res = await call("PUT", `/api/images/${id}/like`, { cookies });
      expect(res.status).toBe(503);
      const { error } = (await res.json()) as ApiErrorBody & { error: { requestId: string } };
      expect(error).toMatchObject({ code: "UNAVAILABLE", message: "The server is too busy to answer this right now. Nothing was changed; please try again in a moment." });
      expect(error.requestId).toBe(res.headers.get("x-request-id"));
    } finally {
      await locker.query("rollback");
      locker.release();
    }
    const [likeRows] = await database.db.select({ count: sql<number>`count(*)::int` }).from(likes).where(eq(likes.imageId, id));
    const [image] = await database.db.select({ likes: images.likes }).from(images).where(eq(images.id, id));
    expect({ rows: likeRows!.count, count: image!.likes }).toEqual({ rows: 0, count: 0 });
    // Once the lock is gone, the same request works.
    expect((await call("PUT", `/api/images/${id}/like`, { cookies })).status).toBe(200);
  });
});
