import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import { testDatabase } from "../../test/database.ts";
import { pngClaiming } from "../media/test-images.ts";
import { startTestApp, TEST_BASE_URL } from "./test-app.ts";

/**
 * The upload form says the limits the server checks, as configured: UPLOAD_MAX_MB,
 * UPLOAD_MAX_PIXELS and the longest side a JPEG download holds.
 */

const database = await testDatabase();
const { services, call, origin, signUp } = await startTestApp(database, { UPLOAD_MAX_MB: "3", UPLOAD_MAX_PIXELS: "40000000" }, { pages: true });

async function creator(): Promise<string> {
  const cookies = await signUp("Limited Creator");
  const viewer = await services.accounts.viewer(new Headers({ cookie: cookies }));
  await services.accountAdmin.setRoleByEmail(viewer!.email, "creator");
  return cookies;
}

function upload(cookies: string, file: Buffer) {
  return fetch(`${origin}/api/uploads`, {
    method: "POST",
    headers: { origin: TEST_BASE_URL, cookie: cookies, "content-type": "application/octet-stream", "x-upload-fields": encodeURIComponent(JSON.stringify({ fileName: "big.png" })) },
    body: new Uint8Array(file),
  });
}

describe("the upload form's limits", () => {
  it("are the configured ones, and the server refuses past them with the same numbers", async () => {
    const cookies = await creator();
    const page = await call("GET", "/upload", { cookies });
    expect(page.status).toBe(200);
    // (React writes <!-- --> between the text's parts.)
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("JPEG, PNG, WebP, AVIF, GIF or TIFF, up to 3 MB, 40 megapixels and 65,535 pixels a side each");

    const tooMany = await upload(cookies, pngClaiming(8000, 6000));
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as ApiErrorBody).error.message).toBe("The image is 8000 × 6000 (48 megapixels); the limit is 40 megapixels");
    const tooLong = await upload(cookies, pngClaiming(70_000, 100));
    expect(tooLong.status).toBe(413);
    expect(((await tooLong.json()) as ApiErrorBody).error.message).toBe("The image is 70000 × 100 pixels; a JPEG holds at most 65,535 pixels a side");
  });
});
