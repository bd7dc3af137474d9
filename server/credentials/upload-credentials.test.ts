import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import type { UploadStatus } from "#contracts/studio";
import { testDatabase } from "../../test/database.ts";
import { cookiesFrom } from "../auth/test-accounts.ts";
import { uploads } from "../db/schema.ts";
import { startTestApp, TEST_BASE_URL } from "../http/test-app.ts";
import { distinctImage } from "../media/test-images.ts";
import { readCredentials } from "./reader.ts";
import { identityOf, makeIdentity } from "./signing-identity.ts";
import { APP11, jpegSegments, manifestLabels, signedAs } from "./test-credentials.ts";

/**
 * Uploads keep their history (issue 25): a file an AI generator signed brings its model and
 * its manifest, which every download size carries as its parent; credentials that are invalid,
 * say "camera" or cannot be read flag the image for the admins; bad files are refused clearly.
 */

const database = await testDatabase();
const app = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000", UPLOAD_MAX_MB: "8" }, { pages: true });
await app.services.uploads.work();

/** A generator with a CA of its own, made here: not one the site or the reader trusts. */
const generator = await makeIdentity("Test Generator");
const generatorIdentity = identityOf(generator.certPem, generator.keyPem);

/** `picture` signed by the test generator. */
const generated = (picture: Buffer, manifest: Omit<Parameters<typeof signedAs>[2], "title"> = {}) => signedAs(generatorIdentity, picture, { title: "generated.jpg", ...manifest });

/** A new account with `role`, signed in: its browser's cookies. */
async function signedIn(name: string, role: "creator" | "admin"): Promise<string> {
  const email = `${role}@example.test`;
  const res = await app.call("POST", "/api/auth/sign-up/email", { json: { name, email, password: "a long enough passphrase" } });
  await app.services.accountAdmin.setRoleByEmail(email, role);
  return cookiesFrom(res.headers);
}
const creatorCookies = await signedIn("Grace", "creator");
const adminCookies = await signedIn("Admin", "admin");

function upload(file: Buffer, fields: Record<string, string>) {
  return fetch(`${app.origin}/api/uploads`, {
    method: "POST",
    headers: {
      origin: TEST_BASE_URL,
      cookie: creatorCookies,
      "content-type": "application/octet-stream",
      "x-upload-fields": encodeURIComponent(JSON.stringify({ fileName: "generated.jpg", ...fields })),
    },
    body: new Uint8Array(file),
  });
}

/** Uploads `file` and waits for its import: the upload as the creator's list shows it. */
async function uploaded(file: Buffer, fields: Record<string, string>): Promise<UploadStatus> {
  const res = await upload(file, fields);
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as UploadStatus;
  for (;;) {
    const list = (await (await app.call("GET", "/api/uploads", { cookies: creatorCookies })).json()) as { uploads: UploadStatus[] };
    const found = list.uploads.find((u) => u.id === id)!;
    if (found.status === "done" || found.status === "failed") return found;
    await sleep(100);
  }
}

async function download(id: number, size: string): Promise<Buffer> {
  const res = await app.call("GET", `/api/images/${id}/download?size=${size}`, { cookies: creatorCookies });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** What the admins' images tab says, as text: of image `title`, or of those `?status=` lists; in English unless a language's prefix is given. */
async function adminSees(title: string, status = "all", prefix = ""): Promise<string> {
  const html = await (await app.call("GET", `${prefix}/admin/images?${new URLSearchParams({ q: title, status })}`, { cookies: adminCookies })).text();
  // What the page shows: not its scripts (the page's messages travel in its data, "Needs review:" among them) nor its styles.
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

type Manifest = { assertions: Array<{ label: string; data: { actions: Array<{ action: string; softwareAgent?: { name: string } }> } }>; ingredients?: Array<{ relationship: string; active_manifest?: string }> };

describe("an upload that carries its own Content Credentials", () => {
  it("gives its image the generator's model, and every download size carries the generator's manifest as its parent", async () => {
    const file = await generated(await distinctImage(1600, 1000, 11), { model: "Imagen 9" });
    const generatorLabel = ((await readCredentials(file)).manifest as { label: string }).label;
    const done = await uploaded(file, { title: "Signed lighthouse" });
    expect(done.status).toBe("done");
    const id = done.image!.id;
    const detail = (await (await app.call("GET", `/api/images/${id}`)).json()) as { howMade?: { model?: string } };
    expect(JSON.stringify(detail)).toContain("Imagen 9");
    for (const size of ["small", "medium", "large", "original"]) {
      const report = await readCredentials(await download(id, size));
      expect({ size, state: report.state, failures: report.failures }).toEqual({ size, state: "Valid", failures: ["signingCredential.untrusted"] });
      const manifest = report.manifest as unknown as Manifest;
      expect(manifest.assertions.find((a) => a.label.startsWith("c2pa.actions"))!.data.actions[0]).toMatchObject({ action: "c2pa.created", softwareAgent: { name: "Imagen 9" } });
      expect(manifest.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", active_manifest: generatorLabel })]);
    }
    expect(await adminSees("Signed lighthouse")).not.toContain("Needs review:");
  });

  it("keeps the model the creator gave over the one its credentials name", async () => {
    const done = await uploaded(await generated(await distinctImage(640, 480, 12), { model: "Imagen 9" }), { title: "Named harbour", model: "My own pipeline" });
    const detail = await (await app.call("GET", `/api/images/${done.image!.id}`)).text();
    expect(detail).toContain("My own pipeline");
    expect(detail).not.toContain("Imagen 9");
  });

  it("flags, but publishes, an upload whose credentials are invalid: the picture changed after the generator signed it", async () => {
    const signed = await generated(await distinctImage(640, 480, 13), { model: "Imagen 9" });
    signed[signed.length - 300]! ^= 0x01;
    const done = await uploaded(signed, { title: "Altered dune" });
    expect(done.status).toBe("done");
    expect(await adminSees("Altered dune")).toContain("Needs review: Its Content Credentials are invalid (assertion.dataHash.mismatch)");
    // Its history is kept all the same: the downloads' parent records the failure.
    const report = await readCredentials(await download(done.image!.id, "original"));
    expect(report.state).toBe("Valid");
    expect((report.manifest as unknown as Manifest).ingredients).toEqual([expect.objectContaining({ relationship: "parentOf" })]);
  });

  it("flags an upload whose credentials say it is a camera capture", async () => {
    const done = await uploaded(await generated(await distinctImage(640, 480, 14), { sourceType: "digitalCapture" }), { title: "Photographed meadow" });
    expect(done.status).toBe("done");
    expect(await adminSees("Photographed meadow")).toContain("Needs review: Its Content Credentials say it is a camera capture, not AI-made");
    // Said from the page's catalog: in German under /de/.
    expect(await adminSees("Photographed meadow", "all", "/de")).toContain("Zu prüfen: Laut Content Credentials ist es ein Kamerafoto, nicht mit KI erstellt");
    // The images tab's "Needs review" lists the flagged images only.
    const flagged = await adminSees("", "review");
    expect(["Photographed meadow", "Altered dune", "Signed lighthouse"].filter((title) => flagged.includes(title))).toEqual(["Photographed meadow", "Altered dune"]);
  });

  it("reads them in a PNG too (its caBX chunk), and gives its image the generator's model", async () => {
    const png = await sharp(await distinctImage(800, 500, 21)).png().toBuffer();
    const done = await uploaded(await generated(png, { model: "Imagen 9 PNG", format: "image/png" }), { title: "Signed dune", fileName: "generated.png" });
    expect(done.status).toBe("done");
    expect(JSON.stringify(await (await app.call("GET", `/api/images/${done.image!.id}`)).json())).toContain("Imagen 9 PNG");
  });

  it("works as before for a file without credentials", async () => {
    const done = await uploaded(await distinctImage(640, 480, 15), { title: "Plain canyon" });
    expect(done.status).toBe("done");
    const report = await readCredentials(await download(done.image!.id, "original"));
    expect((report.manifest as unknown as Manifest).ingredients ?? []).toEqual([]);
    expect(await adminSees("Plain canyon")).not.toContain("Needs review:");
  });
});

describe("bad credentials on upload", () => {
  /** The first APP11 (JUMBF) segment of `jpeg`. */
  const app11 = (jpeg: Buffer) => jpegSegments(jpeg).find((s) => s.marker === APP11)!;

  it("flags a malformed manifest in a picture that is fine, and keeps no history of it", async () => {
    const signed = await generated(await distinctImage(640, 480, 16), { model: "Imagen 9" });
    const { start } = app11(signed);
    signed.fill(0x5a, start + 40, start + 60);
    const done = await uploaded(signed, { title: "Garbled glacier" });
    expect(done.status).toBe("done");
    expect(await adminSees("Garbled glacier")).toContain("Needs review: Its Content Credentials could not be read: they are malformed or cut short");
    expect((await readCredentials(await download(done.image!.id, "original"))).manifest).not.toHaveProperty("ingredients");
  });

  it("flags a manifest whose ingredients form a cycle", async () => {
    const picture = await distinctImage(640, 480, 19);
    const first = await generated(picture);
    const second = await generated(picture, { parent: first });
    const [firstLabel, secondLabel] = manifestLabels(second);
    // The second manifest's ingredient names the second manifest itself instead of the first.
    const cyclic = Buffer.from(second);
    for (let at = cyclic.indexOf(firstLabel!, cyclic.indexOf(secondLabel!)); at >= 0; at = cyclic.indexOf(firstLabel!, at + 1)) cyclic.write(secondLabel!, at, "latin1");
    const done = await uploaded(cyclic, { title: "Looping lagoon" });
    expect(done.status).toBe("done");
    expect(await adminSees("Looping lagoon")).toContain("Needs review: Its Content Credentials could not be read: their ingredients refer to each other in a loop");
  });

  it("flags an enormous manifest as too large to keep, and publishes the picture", async () => {
    const notes = { label: "com.example.notes", data: { text: "x".repeat(1_500_000) } };
    const done = await uploaded(await generated(await distinctImage(640, 480, 17), { model: "Imagen 9", extra: notes }), { title: "Verbose valley" });
    expect(done.status).toBe("done");
    expect(await adminSees("Verbose valley")).toMatch(/Needs review: Its Content Credentials are too large to keep \(\d+ KB; the limit is 1024 KB\)/);
  });

  it("refuses a truncated file and a C2PA segment without a picture with a clear message, and keeps nothing", async () => {
    const signed = await generated(await distinctImage(640, 480, 18));
    const { start, length } = app11(signed);
    const noPicture = Buffer.concat([Buffer.from([0xff, 0xd8]), signed.subarray(start, start + length), Buffer.from([0xff, 0xd9])]);
    for (const file of [signed.subarray(0, start + 500), noPicture]) {
      const res = await upload(file, { title: "Broken" });
      expect(res.status).toBe(415);
      expect(((await res.json()) as ApiErrorBody).error.message).toBe("Not an image file (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)");
    }
    const [rows] = await database.db.select({ n: sql<number>`count(*)::int` }).from(uploads).where(sql`${uploads.fields}->>'title' = 'Broken'`);
    expect(rows!.n).toBe(0);
  });
});
