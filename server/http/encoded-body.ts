import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Request, Response } from "express";

/**
 * A response body that may be sent many times (a kept catalog page's JSON, a kept page's
 * HTML): hashed for its ETag and compressed once per encoding asked for, not once per
 * request. The compression middleware leaves bodies that already carry a Content-Encoding alone.
 */

const encodings = ["br", "gzip"] as const;
export type Encoding = (typeof encodings)[number];

/** Smaller bodies go as they are (as with the compression middleware). */
const COMPRESS_FROM_BYTES = 1024;

const compress: Record<Encoding, (body: Buffer) => Buffer> = {
  // Kept bodies are compressed once, so a little more effort than per-request compression.
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => zlib.gzipSync(body),
};

export interface Encoded {
  body: Buffer;
  etag: string;
  encoding: Encoding | undefined;
}

export class EncodedBody {
  readonly #identity: Encoded;
  readonly #compressed = new Map<Encoding, Encoded>();

  constructor(body: Buffer) {
    this.#identity = { body, etag: createHash("sha1").update(body).digest("base64url"), encoding: undefined };
  }

  /** Makes every encoding now (for a body whose size must be known when it is kept). */
  encodeAll(): this {
    if (this.#identity.body.length >= COMPRESS_FROM_BYTES) for (const encoding of encodings) this.#encoded(encoding);
    return this;
  }

  /** Bytes held: the body and each encoding made so far. */
  get bytes(): number {
    let bytes = this.#identity.body.length;
    for (const { body } of this.#compressed.values()) bytes += body.length;
    return bytes;
  }

  /** The body in the best encoding the request accepts, with its ETag. */
  for(req: Request): Encoded {
    if (this.#identity.body.length < COMPRESS_FROM_BYTES) return this.#identity;
    // Browsers list gzip first with the same weight as br; br is smaller, so it goes first when accepted.
    const encoding = encodings.find((e) => req.acceptsEncodings(e) === e);
    return encoding ? this.#encoded(encoding) : this.#identity;
  }

  #encoded(encoding: Encoding): Encoded {
    let encoded = this.#compressed.get(encoding);
    if (!encoded) {
      encoded = { body: compress[encoding](this.#identity.body), etag: `${this.#identity.etag}-${encoding}`, encoding };
      this.#compressed.set(encoding, encoded);
    }
    return encoded;
  }
}

/**
 * Sends `body` as `type` in the best encoding the request accepts. With the ETag set, Express
 * answers a matching If-None-Match with 304 (and HEAD without a body) and hashes nothing.
 */
export function sendEncoded(req: Request, res: Response, body: EncodedBody, type: string): void {
  const encoded = body.for(req);
  res.vary("Accept-Encoding");
  if (encoded.encoding) res.setHeader("Content-Encoding", encoded.encoding);
  res.setHeader("ETag", `"${encoded.etag}"`);
  res.type(type).send(encoded.body);
}
