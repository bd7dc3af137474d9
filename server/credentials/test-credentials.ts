import { WasmBuilder } from "@contentauth/c2pa-wasm";
import { BytesBlob, startLibrary } from "./library.ts";
import { coseSign1 } from "./signer.ts";
import type { SigningIdentity } from "./signing-identity.ts";

/**
 * Files with Content Credentials for tests, made with the C2PA organisation's builder (no
 * hand-written fixtures), and the byte surgery that damages them in known ways.
 */

const RESERVE = 8192;

/**
 * `jpeg` (or a PNG, given `format`) signed by `identity` with a manifest titled `title`: created
 * by `model` from `sourceType` (an IPTC digital source type's name; trainedAlgorithmicMedia unless
 * given), or opened from `parent` (a signed JPEG, its manifest kept as the parentOf ingredient).
 */
export async function signedAs(
  identity: Pick<SigningIdentity, "chain" | "key">,
  jpeg: Uint8Array,
  manifest: { title: string; model?: string; sourceType?: string; parent?: Uint8Array; extra?: { label: string; data: unknown }; format?: "image/jpeg" | "image/png" },
): Promise<Buffer> {
  startLibrary();
  const format = manifest.format ?? "image/jpeg";
  const digitalSourceType = `http://cv.iptc.org/newscodes/digitalsourcetype/${manifest.sourceType ?? "trainedAlgorithmicMedia"}`;
  const action = manifest.parent
    ? { action: "c2pa.opened", parameters: { ingredientIds: ["parent"] } }
    : { action: "c2pa.created", digitalSourceType, ...(manifest.model ? { softwareAgent: { name: manifest.model } } : {}) };
  const builder = WasmBuilder.fromJson(
    JSON.stringify({
      claim_generator_info: [{ name: "Test generator", version: "1.0" }],
      title: manifest.title,
      format,
      assertions: [{ label: "c2pa.actions", data: { actions: [action] } }, ...(manifest.extra ? [manifest.extra] : [])],
    }),
  );
  try {
    if (manifest.parent) await builder.addIngredientFromBlob(JSON.stringify({ title: "parent", relationship: "parentOf", label: "parent" }), "image/jpeg", new BytesBlob(new Uint8Array(manifest.parent)));
    const signer = { alg: "es256", reserveSize: RESERVE, sign: async (claim: Uint8Array) => coseSign1(claim, identity, RESERVE) };
    return Buffer.from(await builder.sign(signer, [], format, new BytesBlob(new Uint8Array(jpeg))));
  } finally {
    builder.free();
  }
}

/** A JPEG's segments before its image data: marker, where the segment starts and its whole length. */
export function jpegSegments(jpeg: Buffer): Array<{ marker: number; start: number; length: number }> {
  const segments = [];
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff; ) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) break; // start of scan: the image data follows
    const length = 2 + jpeg.readUInt16BE(at + 2);
    segments.push({ marker, start: at, length });
    at += length;
  }
  return segments;
}

/** The APP11 segments, where C2PA keeps its JUMBF manifest store. */
export const APP11 = 0xeb;

/** The manifest labels (`urn:c2pa:…`) of `file`, in the order they appear in its bytes. */
export function manifestLabels(file: Buffer): string[] {
  const text = file.toString("latin1");
  return [...new Set(text.match(/urn:c2pa:[0-9a-f-]{36}/g) ?? [])].sort((a, b) => text.indexOf(a) - text.indexOf(b));
}
