import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initSync } from "@contentauth/c2pa-wasm";

/** The C2PA organisation's library (@contentauth/c2pa-wasm) in Node: started once, before the signer or the reader use it. */

let ready = false;
/**
 * Starts the WebAssembly module once. Its builder reads the file to sign through
 * `FileReaderSync`, which only browser workers have: Node gets one that reads a BytesBlob's
 * bytes or a FileBlob's file.
 */
export function startLibrary(): void {
  if (ready) return;
  initSync({ module: readFileSync(fileURLToPath(import.meta.resolve("@contentauth/c2pa-wasm/c2pa.wasm"))) });
  const global = globalThis as { FileReaderSync?: unknown };
  global.FileReaderSync ??= class {
    readAsArrayBuffer(blob: BytesBlob | FileBlob): ArrayBuffer {
      return blob.read();
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
  read(): ArrayBuffer {
    return this.data.slice().buffer;
  }
}

/**
 * A Blob of a file's bytes from `start` to `end` (its slices too), read from the file only when
 * the library reads it, and then only that part: the file is never held whole by this side.
 */
export class FileBlob extends Blob {
  readonly path: string;
  readonly start: number;
  constructor(path: string, start = 0, end = statSync(path).size) {
    super([]);
    this.path = path;
    this.start = start;
    // Blob's own size is that of the parts it was made of (none).
    Object.defineProperty(this, "size", { value: end - start });
  }
  override slice(start = 0, end = this.size): Blob {
    const from = Math.min(Math.max(start, 0), this.size);
    return new FileBlob(this.path, this.start + from, this.start + Math.min(Math.max(end, from), this.size));
  }
  read(): ArrayBuffer {
    const bytes = new Uint8Array(this.size);
    const fd = openSync(this.path, "r");
    try {
      for (let done = 0; done < bytes.length; ) {
        const read = readSync(fd, bytes, done, bytes.length - done, this.start + done);
        if (read === 0) throw new Error(`${this.path} ended before its byte ${this.start + bytes.length}`);
        done += read;
      }
    } finally {
      closeSync(fd);
    }
    return bytes.buffer;
  }
}

