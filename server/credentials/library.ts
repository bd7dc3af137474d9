import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initSync } from "@contentauth/c2pa-wasm";

/** The C2PA organisation's library (@contentauth/c2pa-wasm) in Node: started once, before the signer or the reader use it. */

let ready = false;
/**
 * Starts the WebAssembly module once. Its builder reads the file to sign through
 * `FileReaderSync`, which only browser workers have: Node gets one that reads the bytes a
 * BytesBlob holds.
 */
export function startLibrary(): void {
  if (ready) return;
  initSync({ module: readFileSync(fileURLToPath(import.meta.resolve("@contentauth/c2pa-wasm/c2pa.wasm"))) });
  const global = globalThis as { FileReaderSync?: unknown };
  global.FileReaderSync ??= class {
    readAsArrayBuffer(blob: BytesBlob): ArrayBuffer {
      return blob.data.slice().buffer;
    }
  };
  ready = true;
}

/** A Blob whose bytes (and those of its slices) can be read synchronously. */
export class BytesBlob extends Blob {
  readonly data: Uint8Array<ArrayBuffer>;
  constructor(data: Uint8Array<ArrayBuffer>) {
    super([data]);
    this.data = data;
  }
  override slice(start?: number, end?: number): Blob {
    return new BytesBlob(this.data.slice(start, end));
  }
}

