import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { startTestApp } from "./test-app.ts";

/**
 * Strict parsing at the edge (issue #27): forged ids, cursors and text are refused with a 400
 * in the API's error shape naming the field, before PostgreSQL sees them, and nothing is stored.
 */

const database = await testDatabase();
const { services, call, signUp } = await startTestApp(database);
const imageId = await addImage(database.db, services.media, "Strict Harbour");
const session = await signUp("Strict Person");

async function refused(res: Response, field?: string) {
  const body = (await res.json()) as { error: { code: string; message: string; field?: string } };
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error.message.length).toBeGreaterThan(0);
  if (field) expect(body.error.field, body.error.message).toBe(field);
  return body.error;
}

const cursor = (text: string) => Buffer.from(text).toString("base64url");
const sessionUser = async () => ((await (await call("GET", "/api/auth/get-session", { cookies: session })).json()) as { user: { name: string; image: string | null } }).user;

describe("strict parsing at the edge", () => {
  it("knows an image only by its canonical decimal id", async () => {
    expect((await call("GET", `/api/images/${imageId}`)).status).toBe(200);
    for (const spelling of [`0x${imageId.toString(16)}`, `+${imageId}`, `${imageId}.0`, `0${imageId}`, `${imageId}e0`, "0", "-1", "2147483648", "99999999999999999999"]) {
      const error = await refused(await call("GET", `/api/images/${encodeURIComponent(spelling)}`), "id");
      expect(error.message, spelling).toMatch(/^id /);
    }
  });

  it("refuses list cursors holding impossible dates, and receipts cursors past PostgreSQL's integer", async () => {
    for (const text of ["0.2026-02-31T00:00:00.000000.5", "0.0000-01-01T00:00:00.000000.5", "0.2026-13-01T00:00:00.000000.5", "0.2026-01-01T24:00:00.000000.5", "0.2026-01-01T00:00:00.000000.9999999999"]) {
      await refused(await call("GET", `/api/images?cursor=${cursor(text)}`), "cursor");
    }
    expect((await call("GET", `/api/images?cursor=${cursor("0.2026-01-31T00:00:00.000000.5")}`)).status).toBe(200);
    for (const value of ["9999999999", "2147483648", "0", "01", "1.5"]) await refused(await call("GET", `/api/me/receipts?cursor=${value}`, { cookies: session }), "cursor");
  });

  it("refuses NUL and unpaired surrogates in any query or body field, the API's and Better Auth's alike", async () => {
    await refused(await call("GET", "/api/images?q=a%00b"), "q");
    await refused(await call("POST", "/api/collections", { cookies: session, json: { name: "half \ud800 a pair" } }), "name");
    await refused(await call("POST", "/api/collections", { cookies: session, json: { name: "fine", extra: ["\u0000"] } }), "extra");
    await refused(await call("GET", "/api/auth/reset-password/abc%00def?callbackURL=/"), "path");
    await refused(await call("GET", "/api/auth/verify-email?token=a%00b&callbackURL=/"), "token");
    await refused(await call("POST", "/api/auth/reset-password?token=a%00b", { json: { newPassword: "a long enough passphrase" } }));
    await refused(await call("POST", "/api/auth/reset-password", { json: { token: "a\u0000b", newPassword: "a long enough passphrase" } }), "token");
    await refused(await call("POST", "/api/auth/update-user", { cookies: session, json: { name: "Nul\u0000Name" } }), "name");
    await refused(await call("POST", "/api/auth/update-user", { cookies: session, json: { name: "Lone \udc00" } }), "name");
    expect((await sessionUser()).name).toBe("Strict Person");
  });

  it("keeps names trimmed and at most 100 characters, and a picture an https URL or nothing", async () => {
    for (const name of [" ".repeat(6000), "x".repeat(101), ["Array"], { first: "Object" }, 42]) {
      await refused(await call("POST", "/api/auth/update-user", { cookies: session, json: { name } }), "name");
    }
    for (const image of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "http://example.test/a.png", { url: "https://example.test/a.png" }, ["https://example.test/a.png"], "/media/a.png"]) {
      await refused(await call("POST", "/api/auth/update-user", { cookies: session, json: { image } }), "image");
    }
    expect(await sessionUser()).toMatchObject({ name: "Strict Person", image: null });

    expect((await call("POST", "/api/auth/update-user", { cookies: session, json: { name: `  ${"y".repeat(100)}  `, image: "https://example.test/me.png" } })).status).toBe(200);
    expect(await sessionUser()).toMatchObject({ name: "y".repeat(100), image: "https://example.test/me.png" });
    expect((await call("POST", "/api/auth/update-user", { cookies: session, json: { image: null } })).status).toBe(200);
    expect((await sessionUser()).image).toBeNull();
  });
});
