import { WasmBuilder, WasmReader } from "@contentauth/c2pa-wasm";
import type { CredentialsDamage } from "#contracts/credentials-damage";
import { BytesBlob, startLibrary } from "./library.ts";

/** What the C2PA reader says of a file's Content Credentials. */
export interface CredentialsReport {
  /** The file's type, from its first bytes; null when it is none the reader knows (then nothing else was read). */
  format: CredentialsFormat | null;
  /** "Trusted", "Valid" or "Invalid" (the C2PA validation state); null when the file carries none or they could not be read. */
  state: string | null;
  /** The codes of every failure, e.g. `assertion.dataHash.mismatch`, `signingCredential.untrusted`. */
  failures: string[];
  /** The active manifest as the reader gives it (title, assertions, signature info). */
  manifest: Record<string, unknown> | null;
  /** Why credentials the file carries could not be read; null when they were read, or there were none. */
  damage: CredentialsDamage | null;
}

/** The types of file whose Content Credentials are read, by their first bytes. */
const FORMATS = [
  { type: "image/jpeg", test: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", test: (b: Uint8Array) => ascii(b, 1, 4) === "PNG" && b[0] === 0x89 },
  { type: "image/webp", test: (b: Uint8Array) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  { type: "image/avif", test: (b: Uint8Array) => ascii(b, 4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(b, 8, 12)) },
  { type: "image/heic", test: (b: Uint8Array) => ascii(b, 4, 8) === "ftyp" && /^(heic|heix|mif1)$/.test(ascii(b, 8, 12)) },
  { type: "image/tiff", test: (b: Uint8Array) => ["II*\0", "MM\0*"].includes(ascii(b, 0, 4)) },
  { type: "image/gif", test: (b: Uint8Array) => ascii(b, 0, 4) === "GIF8" },
] as const;
export type CredentialsFormat = (typeof FORMATS)[number]["type"];

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The type of `bytes` as its first bytes say, among those whose credentials can be read; null for any other. */
export function credentialsFormat(bytes: Uint8Array): CredentialsFormat | null {
  return FORMATS.find((f) => f.test(bytes))?.type ?? null;
}

/** What the library's refusal `error` means for the file; null: it carries no credentials. */
function damageOf(error: unknown): CredentialsDamage | null {
  const text = String(error);
  if (/JumbfNotFound|ManifestNotFound|ProvenanceMissing|no JUMBF/i.test(text)) return null;
  if (/CyclicIngredients/.test(text)) return "cycle";
  if (/InvalidAsset|UnsupportedType|NotAnImage/i.test(text)) return "image";
  return "manifest";
}

/**
 * Reads and validates the Content Credentials of `bytes` (a JPEG, PNG, WebP, AVIF, HEIC, TIFF or
 * GIF); `trustAnchorPem`: the roots whose chains are trusted. Any file gives a report, never an
 * error: another type, no credentials, or credentials that cannot be read (`damage`). It runs
 * in the caller's thread for as long as the library takes: a file from outside goes through the
 * reader pool (server/credentials/reader-pool.ts), which bounds both.
 */
export async function readCredentials(bytes: Uint8Array, trustAnchorPem?: string): Promise<CredentialsReport> {
  const format = credentialsFormat(bytes);
  const none = { format, state: null, failures: [], manifest: null, damage: null };
  if (!format) return none;
  startLibrary();
  const context = trustAnchorPem ? JSON.stringify({ trust: { trust_anchors: trustAnchorPem }, verify: { verify_trust: true } }) : null;
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBytes(format, new Uint8Array(bytes), context);
  } catch (error) {
    return { ...none, damage: damageOf(error) };
  }
  try {
    const store = reader.manifestStore() as { validation_state?: string; validation_status?: Array<{ code: string }> };
    return {
      format,
      state: store.validation_state ?? null,
      failures: (store.validation_status ?? []).map((s) => s.code),
      manifest: (reader.activeManifest() as Record<string, unknown> | undefined) ?? null,
      damage: null,
    };
  } catch (error) {
    return { ...none, damage: damageOf(error) };
  } finally {
    reader.free();
  }
}

/** The manifest store `file` carries, as the library's archive of one `parentOf` ingredient titled `title` (an upload's, decision 031). */
export async function parentArchive(file: Uint8Array<ArrayBuffer>, mediaType: string, title: string): Promise<Uint8Array> {
  startLibrary();
  const builder = WasmBuilder.new();
  try {
    await builder.addIngredientFromBlob(JSON.stringify({ title, relationship: "parentOf" }), mediaType, new BytesBlob(file));
    return builder.toArchive();
  } finally {
    builder.free();
  }
}
