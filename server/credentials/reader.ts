import { WasmReader } from "@contentauth/c2pa-wasm";
import { startLibrary } from "./library.ts";

/** What the C2PA reader says of a JPEG's Content Credentials. */
export interface CredentialsReport {
  /** "Trusted", "Valid" or "Invalid" (the C2PA validation state); null when the file carries none. */
  state: string | null;
  /** The codes of every failure, e.g. `assertion.dataHash.mismatch`, `signingCredential.untrusted`. */
  failures: string[];
  /** The active manifest as the reader gives it (title, assertions, signature info). */
  manifest: Record<string, unknown> | null;
}

/** Reads and validates the Content Credentials of `jpeg`; `trustAnchorPem`: the roots whose chains are trusted. */
export async function readCredentials(jpeg: Uint8Array, trustAnchorPem?: string): Promise<CredentialsReport> {
  startLibrary();
  const context = trustAnchorPem ? JSON.stringify({ trust: { trust_anchors: trustAnchorPem }, verify: { verify_trust: true } }) : null;
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBytes("image/jpeg", new Uint8Array(jpeg), context);
  } catch (error) {
    if (/JumbfNotFound|ManifestNotFound|no JUMBF/i.test(String(error))) return { state: null, failures: [], manifest: null };
    throw error;
  }
  try {
    const store = reader.manifestStore() as { validation_state?: string; validation_status?: Array<{ code: string }> };
    return {
      state: store.validation_state ?? null,
      failures: (store.validation_status ?? []).map((s) => s.code),
      manifest: (reader.activeManifest() as Record<string, unknown> | undefined) ?? null,
    };
  } finally {
    reader.free();
  }
}
