import { describe, expect, it } from "vitest";
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
