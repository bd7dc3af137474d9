import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Request, Response } from "express";

/**
 * JSON answers whose value may be sent many times: a catalog page kept by the catalog cache
 * is the same object until the catalog changes, so it is serialised, hashed for its ETag and
 * compressed once per encoding asked for, not once per request. Values are held weakly:
 * dropped from the cache, they go.
 */

const encodings = ["br", "gzip"] as const;
type Encoding = (typeof encodings)[number];

/** Smaller bodies go as they are (as with the compression middleware). */
const COMPRESS_FROM_BYTES = 1024;

const compress: Record<Encoding, (body: Buffer) => Buffer> = {
  // Kept answers are compressed once, so a little more effort than per-request compression.
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => zlib.gzipSync(body),
};

interface Encoded {
  body: Buffer;
  etag: string;
}

class Answer {
  readonly #identity: Encoded;
  readonly #compressed = new Map<Encoding, Encoded>();

  constructor(value: object) {
    const body = Buffer.from(JSON.stringify(value));
    this.#identity = { body, etag: createHash("sha1").update(body).digest("base64url") };
  }

  /** The body in the best encoding the request accepts, with its ETag. */
  for(req: Request): Encoded & { encoding: Encoding | undefined } {
    if (this.#identity.body.length < COMPRESS_FROM_BYTES) return { ...this.#identity, encoding: undefined };
    // Browsers list gzip first with the same weight as br; br is smaller, so it goes first when accepted.
    const encoding = encodings.find((e) => req.acceptsEncodings(e) === e);
    if (!encoding) return { ...this.#identity, encoding: undefined };
    let encoded = this.#compressed.get(encoding);
    if (!encoded) {
      encoded = { body: compress[encoding](this.#identity.body), etag: `${this.#identity.etag}-${encoding}` };
      this.#compressed.set(encoding, encoded);
    }
    return { ...encoded, encoding };
  }
}

const answers = new WeakMap<object, Answer>();

export function sendJson(req: Request, res: Response, value: object): void {
  let answer = answers.get(value);
  if (!answer) {
    answer = new Answer(value);
    answers.set(value, answer);
  }
  const { body, etag, encoding } = answer.for(req);
  res.vary("Accept-Encoding");
  // Already encoded: the compression middleware leaves it alone.
  if (encoding) res.setHeader("Content-Encoding", encoding);
  // With the ETag set, Express answers a matching If-None-Match with 304 and hashes nothing.
  res.setHeader("ETag", `"${etag}"`);
  res.type("json").send(body);
}
