import type { ApiErrorBody } from "#contracts/api-error";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type CredentialsVerdict } from "#contracts/credentials";
import type { ImageDetail } from "#contracts/catalog";
import { CHECK_CREDENTIALS_PATH } from "#contracts/credentials-paths";
import { testDatabase } from "../../test/database.ts";
import { TEST_BASE_URL, startTestApp } from "../http/test-app.ts";
import { distinctImage } from "../media/test-images.ts";
import { identityOf, makeIdentity } from "./signing-identity.ts";
import { APP11, jpegSegments, manifestLabels, signedAs } from "./test-credentials.ts";

/** /verify's check (issue 25): the verdict on anyone's file, and a clear refusal of any file it cannot read, never a 500. */

const database = await testDatabase();
const app = await startTestApp(database, { UPLOAD_MAX_MB: "10" });
const MODEL = "FLUX.1 [dev]";
const elsewhere = await makeIdentity("Elsewhere Images").then((made) => identityOf(made.certPem, made.keyPem));
const plainJpeg = await distinctImage(320, 200, 7);

async function check(body: Uint8Array, contentType = "application/octet-stream") {
  const res = await fetch(`${app.origin}${CHECK_CREDENTIALS_PATH}`, { method: "POST", headers: { "Content-Type": contentType, Origin: TEST_BASE_URL }, body: new Uint8Array(body) });
  const answer = (await res.json()) as CredentialsVerdict & Partial<ApiErrorBody>;
  return { status: res.status, answer };
}

/** The site's one image (imported on first use). */
async function imageId(): Promise<number> {
  await app.services.imports.importItem({ source: "test", sourceId: "verify-1", title: "Harbour at dawn", creator: "Ada Lovelace", howMade: { model: MODEL }, file: () => distinctImage(1600, 1000, 11) });
  const page = (await (await app.call("GET", "/api/images")).json()) as { items: Array<{ id: number }> };
  return page.items[0]!.id;
}

async function siteDownload(size: string): Promise<Buffer> {
  const res = await app.call("GET", `/api/images/${await imageId()}/download?size=${size}`, { cookies: await app.signUp("Publisher") });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe("checking a file's Content Credentials", () => {
  it("says a download of the site is intact, with who signed it and when, the title, creator, AI tool and licence", async () => {
    const { status, answer } = await check(await siteDownload("medium"));
    expect(status).toBe(200);
    expect(answer).toEqual({
      verdict: "intact",
      signer: "Stockroom",
      signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      title: "Harbour at dawn",
      creator: "Ada Lovelace",
      aiTool: MODEL,
      license: `${TEST_BASE_URL}/license`,
    });
    // The image's page says the same of its downloads.
    const detail = (await (await app.call("GET", `/api/images/${await imageId()}`)).json()) as ImageDetail;
    expect(detail.credentials).toEqual({ signer: "Stockroom", aiTool: MODEL, signedAt: (answer as Extract<CredentialsVerdict, { verdict: "intact" }>).signedAt });
  });

  it("says a download with one byte changed was altered after it was signed", async () => {
    const file = await siteDownload("small");
    file[file.length - 100]! ^= 0x01;
    expect(await check(file)).toEqual({ status: 200, answer: { verdict: "altered", signer: "Stockroom" } });
  });

  it("names another signer, untrusted, and says when a file carries no Content Credentials at all", async () => {
    const other = await check(await signedAs(elsewhere, plainJpeg, { title: "Their picture", model: "Imagen 4" }));
    expect(other.answer).toMatchObject({ verdict: "other", trusted: false, signer: "Elsewhere Images", title: "Their picture", aiTool: "Imagen 4" });
    for (const file of [plainJpeg, await sharp(plainJpeg).png().toBuffer(), await sharp(plainJpeg).webp().toBuffer()]) {
      expect(await check(file)).toEqual({ status: 200, answer: { verdict: "none" } });
    }
  });

  it("refuses what is not an image, nothing, and a file over UPLOAD_MAX_MB, in words", async () => {
    for (const [body, status, message] of [
      [randomBytes(4096), 415, /not an image .*JPEG, PNG, WebP/],
      [Buffer.from("%PDF-1.7\n"), 415, /not an image/],
      [Buffer.alloc(0), 400, /Pick a file/],
      [randomBytes(10 * 1024 * 1024 + 1), 413, /too large \(at most 10 MB\)/],
    ] as const) {
      const res = await check(body);
      expect({ status: res.status, message: res.answer.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    }
    expect((await check(Buffer.from('{"a":1}'), "application/json")).status).toBe(415);
  });

  it("reads damaged credentials to a clear answer: truncated, malformed, a manifest store larger than the file, a loop of ingredients, no image", async () => {
    const signed = await signedAs(elsewhere, plainJpeg, { title: "Theirs" });
    const store = jpegSegments(signed).find((s) => s.marker === APP11)!;
    // The description box (jumd) of the store, after the APP11 header (12 bytes) and the superbox's own header (8).
    const hugeBox = Buffer.from(signed);
    hugeBox.writeUInt32BE(0x7ffffff0, store.start + 20);
    const garbled = Buffer.from(signed);
    for (let i = store.start + 60; i < store.start + 400; i++) garbled[i] = (i * 7) & 0xff;
    // A manifest whose parent's parent is itself: the middle manifest's ingredient pointed at the active one.
    const grandparent = await signedAs(elsewhere, plainJpeg, { title: "A" });
    const parent = await signedAs(elsewhere, grandparent, { title: "B", parent: grandparent });
    const child = await signedAs(elsewhere, parent, { title: "C", parent });
    const [first, middle, active] = manifestLabels(child).map((label) => label.slice("urn:c2pa:".length));
    const text = child.toString("latin1");
    const cycle = Buffer.from(child);
    for (let at = text.indexOf(first!, text.indexOf(middle!)); at >= 0 && at < text.indexOf(active!); at = text.indexOf(first!, at + 1)) cycle.write(active!, at, "latin1");
    // The C2PA segments with nothing after them but the end of the image.
    const noImage = Buffer.concat([signed.subarray(0, 2), signed.subarray(store.start, store.start + store.length), Buffer.from([0xff, 0xd9])]);

    // `reason` names the cause, for a page to say it in its own language.
    for (const [file, message, reason] of [
      [signed.subarray(0, store.start + Math.floor(store.length / 2)), /This file is damaged: its picture could not be read/, "image"],
      [hugeBox, /Content Credentials are damaged or incomplete/, "manifest"],
      [garbled, /Content Credentials are damaged or incomplete/, "manifest"],
      [cycle, /ingredients refer to each other in a loop/, "cycle"],
    ] as const) {
      const res = await check(file);
      expect({ status: res.status, message: res.answer.error?.message, reason: res.answer.error?.reason }).toEqual({ status: 422, message: expect.stringMatching(message), reason });
    }
    expect(await check(noImage)).toEqual({ status: 200, answer: { verdict: "altered", signer: "Elsewhere Images" } });
  });

  it("reads an enormous manifest (8 MB of assertion) whole", async () => {
    const big = await signedAs(elsewhere, plainJpeg, { title: "Big", extra: { label: "org.example.notes", data: { notes: "x".repeat(8_000_000) } } });
    expect((await check(big)).answer).toMatchObject({ verdict: "other", title: "Big" });
  });
});
