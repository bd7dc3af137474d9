import { createHash, sign as ecdsaSign } from "node:crypto";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { WasmBuilder } from "@contentauth/c2pa-wasm";
import { encode } from "cborg";
import { BytesBlob, startLibrary } from "./library.ts";
import type { SigningIdentity } from "./signing-identity.ts";

/**
 * Content Credentials (C2PA) for the files the site hands out: a manifest built and embedded by
 * the C2PA organisation's own library (@contentauth/c2pa-wasm), signed with the site's identity.
 * Each download size is signed once, when it is made (server/media/stored-downloads.ts).
 */

/** What a download's manifest says. */
export interface ManifestFacts {
  title: string;
  creator: string;
  /** The IPTC digital source type of the `c2pa.created` action (trained algorithmic media). */
  digitalSourceType: string;
  /** The AI model, when known: the `c2pa.created` action's softwareAgent. */
  model: string | null;
  licenseUrl: string;
  /** The image's page on this site. */
  pageUrl: string;
  /** A smaller size than the original: `c2pa.resized` and `c2pa.transcoded` follow `c2pa.created`. */
  resized: boolean;
  /** When the site signs the file (ISO 8601): the `when` of the closing `c2pa.published` action, the date /verify and the image page show. */
  signedAt: string;
}

/** Bytes kept for the COSE_Sign1 signature in the manifest: the two certificates, the signature and headers, padded to exactly this. */
const SIGNATURE_RESERVE = 8192;
const COSE_SIGN1_TAG = 0xd2; // CBOR tag 18
const ES256 = -7;
const X5CHAIN = 33;

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

/**
 * The COSE_Sign1 structure (RFC 9052) over the claim `payload`, detached: ES256, the
 * certificate chain in the protected header (x5chain), the signature as r || s, and a `pad`
 * in the unprotected header so that it fills the reserved bytes exactly, as the library wants.
 */
export function coseSign1(payload: Uint8Array, identity: Pick<SigningIdentity, "chain" | "key">, size: number): Uint8Array<ArrayBuffer> {
  const protectedHeader = encode(new Map<number, unknown>([[1, ES256], [X5CHAIN, identity.chain.map((der) => new Uint8Array(der))]]));
  const toBeSigned = encode(["Signature1", protectedHeader, new Uint8Array(0), payload]);
  const signature = new Uint8Array(ecdsaSign("sha256", toBeSigned, { key: identity.key, dsaEncoding: "ieee-p1363" }));
  const tagged = (pad: number) => {
    const body = encode([protectedHeader, new Map([["pad", new Uint8Array(pad)]]), null, signature]);
    const out = new Uint8Array(body.length + 1);
    out[0] = COSE_SIGN1_TAG;
    out.set(body, 1);
    return out;
  };
  // A longer pad may take a longer length prefix: step towards the size until it is met.
  for (let pad = Math.max(0, size - tagged(0).length); pad >= 0; ) {
    const out = tagged(pad);
    if (out.length === size) return out;
    pad += out.length < size ? 1 : -(out.length - size);
  }
  throw new Error(`The signature does not fit in ${size} bytes`);
}

/** The manifest definition of a download. */
function manifestOf(facts: ManifestFacts) {
  const created = { action: "c2pa.created", digitalSourceType: facts.digitalSourceType, ...(facts.model ? { softwareAgent: { name: facts.model } } : {}) };
  const published = { action: "c2pa.published", when: facts.signedAt };
  const actions = facts.resized ? [created, { action: "c2pa.resized" }, { action: "c2pa.transcoded" }, published] : [created, published];
  return {
    claim_generator_info: [{ name: "Stockroom", version }],
    title: facts.title,
    format: "image/jpeg",
    assertions: [
      { label: "c2pa.actions", data: { actions } },
      {
        label: "stds.schema-org.CreativeWork",
        data: {
          "@context": "https://schema.org",
          "@type": "CreativeWork",
          name: facts.title,
          author: [{ "@type": "Person", name: facts.creator }],
          license: facts.licenseUrl,
          url: facts.pageUrl,
        },
      },
    ],
  };
}

/**
 * `source` (a JPEG) with a manifest of `facts` embedded and signed with `id`; `parent`: the
 * Content Credentials its upload came with (server/credentials/upload-credentials.ts), its
 * `parentOf` ingredient. The library gives the signed file back whole (decision 042).
 */
export async function signJpeg(id: Pick<SigningIdentity, "chain" | "key">, source: Blob, facts: ManifestFacts, parent: Uint8Array | null): Promise<Uint8Array> {
  startLibrary();
  const builder = WasmBuilder.fromJson(JSON.stringify(manifestOf(facts)));
  try {
    if (parent) await builder.addIngredientFromBlob(JSON.stringify({ relationship: "parentOf" }), "application/c2pa", new BytesBlob(new Uint8Array(parent)));
    const signer = { alg: "es256", reserveSize: SIGNATURE_RESERVE, sign: async (claim: Uint8Array) => coseSign1(claim, id, SIGNATURE_RESERVE) };
    return await builder.sign(signer, [], "image/jpeg", source);
  } finally {
    builder.free();
  }
}

/** What a signing thread (signing-thread.ts) is given: the file at `path` to sign into the new file `out`. */
export interface SigningJob {
  identity: Pick<SigningIdentity, "chain" | "key">;
  path: string;
  out: string;
  facts: ManifestFacts;
  parent: Uint8Array | null;
}

/** Runs `job` in a thread of its own, which ends with it. */
function inThreadOfItsOwn(job: SigningJob): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    new Worker(new URL("./signing-thread.ts", import.meta.url), { workerData: job })
      .on("error", (error) => (failure = error))
      .on("exit", (code) => (failure || code !== 0 ? reject(failure ?? new Error(`The signing thread stopped with code ${code}`)) : resolve()));
  });
}

export type ContentSigner = ReturnType<typeof createContentSigner>;

/** Signs with the identity `load` gives, loaded on first use and kept. */
export function createContentSigner(load: () => Promise<SigningIdentity>) {
  let identity: Promise<SigningIdentity> | undefined;
  const current = () => (identity ??= load());
  return {
    identity: current,

    /** What a signed file depends on besides `facts`: the signing certificate (a new one, new files). */
    async fingerprint(): Promise<string> {
      return createHash("sha256").update((await current()).chain[0]!).digest("hex");
    },

    /** `jpeg` signed (signJpeg): a download's smaller size, held by the server. */
    async sign(jpeg: Buffer, facts: ManifestFacts, parent: Uint8Array | null = null): Promise<Buffer> {
      const signed = await signJpeg(await current(), new BytesBlob(new Uint8Array(jpeg)), facts, parent);
      return Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength);
    },

    /**
     * The file at `path` (a full-size download, as large as its upload) signed into the new file
     * `out`, in a thread of its own that ends with it. The library reads the file whole into its
     * WebAssembly memory and gives the signed file back whole, and that memory only ever grows:
     * in the server's own thread it would stay at the largest upload's size for good; ended with
     * its thread, it goes back to the system. The server's thread holds neither file.
     */
    async signFile(path: string, out: string, facts: ManifestFacts, parent: Uint8Array | null = null): Promise<void> {
      const { chain, key } = await current();
      await inThreadOfItsOwn({ identity: { chain, key }, path, out, facts, parent });
    },
  };
}
