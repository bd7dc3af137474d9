import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { signingIdentities } from "../db/schema.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { ROOT_CERTIFICATE_PATH } from "#contracts/credentials-paths";
import { startTestApp } from "../http/test-app.ts";
import { distinctImage } from "../media/test-images.ts";
import { readCredentials } from "./reader.ts";

/** Every download signed by the site (issue 25), read with the C2PA organisation's reader. */

const database = await testDatabase();
const dataDir = scratchDir("credentials-site");
const app = await startTestApp(database, { DATA_DIR: dataDir });
const MODEL = "FLUX.1 [dev]";

async function importImage(width: number, height: number, seed: number): Promise<number> {
  await app.services.imports.importItem({
    source: "test",
    sourceId: `c2pa-${seed}`,
    title: `Harbour ${seed}`,
    creator: "Ada Lovelace",
    howMade: { model: MODEL },
    file: () => distinctImage(width, height, seed),
  });
  const page = (await (await app.call("GET", "/api/images")).json()) as { items: Array<{ id: number; title: string }> };
  return page.items.find((i) => i.title === `Harbour ${seed}`)!.id;
}

async function download(cookies: string, id: number, size: string): Promise<Buffer> {
  const res = await app.call("GET", `/api/images/${id}/download?size=${size}`, { cookies });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const actionsOf = (manifest: Record<string, unknown> | null) =>
  ((manifest?.assertions as Array<{ label: string; data: { actions: Array<{ action: string; softwareAgent?: { name: string } }> } }>) ?? []).find((a) =>
    a.label.startsWith("c2pa.actions"),
  )?.data.actions;

describe("Content Credentials on every download", () => {
  it("signs every size once: Valid but for the untrusted credential, Trusted with the site's root, the same bytes each time", async () => {
    const id = await importImage(2000, 1200, 1);
    const cookies = await app.signUp("Reader");
    const root = await (await app.call("GET", ROOT_CERTIFICATE_PATH)).text();
    expect(root).toMatch(/^-----BEGIN CERTIFICATE-----/);
    for (const size of ["small", "medium", "large", "original"]) {
      const file = await download(cookies, id, size);
      const report = await readCredentials(file);
      expect({ size, state: report.state, failures: report.failures }).toEqual({ size, state: "Valid", failures: ["signingCredential.untrusted"] });
      expect((await readCredentials(file, root)).state).toBe("Trusted");
      expect(report.manifest?.title).toBe("Harbour 1");
      const actions = actionsOf(report.manifest)!;
      expect(actions[0]).toMatchObject({ action: "c2pa.created", softwareAgent: { name: MODEL } });
      expect(actions.map((a) => a.action)).toEqual(size === "original" ? ["c2pa.created", "c2pa.published"] : ["c2pa.created", "c2pa.resized", "c2pa.transcoded", "c2pa.published"]);
      expect((await download(cookies, id, size)).equals(file)).toBe(true);
    }
  });

  it("catches a download with one byte changed", async () => {
    const id = await importImage(900, 600, 2);
    const file = await download(await app.signUp("Tamperer"), id, "original");
    file[file.length - 200]! ^= 0x01;
    const report = await readCredentials(file);
    expect(report.state).toBe("Invalid");
    expect(report.failures).toContain("assertion.dataHash.mismatch");
  });

  it("signs with the same certificate after a restart, and on another instance with a DATA_DIR of its own", async () => {
    const first = await (await app.call("GET", ROOT_CERTIFICATE_PATH)).text();
    for (const other of [await startTestApp(database, { DATA_DIR: dataDir }), await startTestApp(database, { DATA_DIR: scratchDir("another-instance") })]) {
      expect(await (await other.call("GET", ROOT_CERTIFICATE_PATH)).text()).toBe(first);
      expect(await other.services.imaging.signer.fingerprint()).toBe(await app.services.imaging.signer.fingerprint());
    }
  });

  it("keeps the signing key out of the database in clear", async () => {
    const [kept] = await database.db.select().from(signingIdentities);
    expect(kept!.chainPem).toContain("BEGIN CERTIFICATE");
    expect(kept!.sealedKey).not.toContain("PRIVATE KEY");
    expect(Buffer.from(kept!.sealedKey, "base64").toString("latin1")).not.toContain("PRIVATE KEY");
  });
});
