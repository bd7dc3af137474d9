import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../test/scratch-dir.ts";
import { distinctImage } from "../media/test-images.ts";
import { createReaderPool } from "./reader-pool.ts";
import { identityOf, makeIdentity } from "./signing-identity.ts";
import { signedAs } from "./test-credentials.ts";

/** The reader pool: files from outside read in worker threads, each for a bounded time. */

const identity = await makeIdentity("Elsewhere").then((made) => identityOf(made.certPem, made.keyPem));
const signed = await signedAs(identity, await distinctImage(64, 64, 3), { title: "Theirs" });

describe("the reader pool", () => {
  it("reads a file in a thread, and the next one in the same thread", async () => {
    const pool = createReaderPool({ threads: 1, timeoutMs: 10_000 });
    try {
      for (let i = 0; i < 2; i++) expect(await pool.read(signed)).toMatchObject({ format: "image/jpeg", state: "Valid", failures: ["signingCredential.untrusted"], damage: null });
    } finally {
      await pool.close();
    }
  });

  it("reads an upload from its path in the thread, and keeps its manifest store as a parent ingredient titled with the file's name", async () => {
    const dir = scratchDir("reader-pool");
    const [withCredentials, without] = [path.join(dir, "signed.jpg"), path.join(dir, "plain.jpg")];
    writeFileSync(withCredentials, signed);
    writeFileSync(without, await distinctImage(64, 64, 4));
    const pool = createReaderPool({ threads: 1, timeoutMs: 10_000 });
    try {
      const reading = await pool.readUpload(withCredentials, "theirs.jpg");
      expect(reading.report).toMatchObject({ format: "image/jpeg", state: "Valid", damage: null });
      expect(reading.parent).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(reading.parent as Uint8Array).includes("theirs.jpg")).toBe(true);
      expect(await pool.readUpload(without, "plain.jpg")).toEqual({ report: { format: "image/jpeg", state: null, failures: [], manifest: null, damage: null }, parent: null });
    } finally {
      await pool.close();
    }
  });

  it("answers 'slow' for a file that outlasts its time, and waits no longer", async () => {
    const pool = createReaderPool({ threads: 1, timeoutMs: 0 });
    try {
      expect(await Promise.all([pool.read(signed), pool.read(signed)])).toEqual([
        { format: "image/jpeg", state: null, failures: [], manifest: null, damage: "slow" },
        { format: "image/jpeg", state: null, failures: [], manifest: null, damage: "slow" },
      ]);
    } finally {
      await pool.close();
    }
  });
});
