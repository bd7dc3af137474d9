import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import type { UploadStatus } from "#contracts/studio";
import { newEmail, signUpByApi } from "./account-page.ts";
import { operator } from "./admin-page.ts";
import { baseUrl, newContext, type ViewportName } from "./browser.ts";

/** Helpers shared by the creators' browser tests. */

/** A browser signed in to a new account that `npm run admin -- grant --role creator` made a creator. */
export async function creatorContext(viewport: ViewportName, name: string, options: Parameters<typeof newContext>[1] = {}): Promise<BrowserContext> {
  const context = await newContext(viewport, options);
  const email = newEmail("creator");
  await signUpByApi(context, name, email);
  await operator("admin", "grant", email, "--role", "creator");
  return context;
}

/** Uploads `file` through the API as the context's creator and waits until it is published (or has failed, with `until`); its upload, naming the image. */
export async function uploadedImage(context: BrowserContext, fields: { fileName: string; title: string }, file: Buffer, until: "done" | "failed" = "done"): Promise<UploadStatus> {
  const sent = await context.request.post("/api/uploads", {
    headers: { origin: baseUrl(), "content-type": "image/jpeg", "x-upload-fields": encodeURIComponent(JSON.stringify(fields)) },
    data: file,
  });
  expect(sent.status()).toBe(202);
  const { id } = (await sent.json()) as UploadStatus;
  let upload: UploadStatus | undefined;
  await expect
    .poll(
      async () => {
        upload = ((await (await context.request.get("/api/uploads")).json()) as { uploads: UploadStatus[] }).uploads.find((u) => u.id === id);
        return upload?.status;
      },
      { timeout: 60_000 },
    )
    .toBe(until);
  return upload!;
}
