import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, Response } from "express";

/**
 * A response body that may be sent many times (a kept catalog page's JSON, a kept page's
 * HTML): hashed for its ETag and compressed once per encoding asked for, not once per
 * request. The compression middleware leaves bodies that already carry a Content-Encoding alone.
 * Compression runs on libuv's thread pool, off the event loop: under load, compressing each
 * newly kept page on the main thread took 18% of its time (`npm run bench:load` profile).
 */

const encodings = ["br", "gzip"] as const;
export type Encoding = (typeof encodings)[number];

/** Smaller bodies go as they are (as with the compression middleware). */
const COMPRESS_FROM_BYTES = 1024;

const brotliCompress = promisify(zlib.brotliCompress);
const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Kept bodies are compressed once, so a little more effort than per-request compression.
  br: (body) =>
    brotliCompress(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: promisify(zlib.gzip),
};

export interface Encoded {
  body: Buffer;
  etag: string;
  encoding: Encoding | undefined;
}

const decompress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = { br: promisify(zlib.brotliDecompress), gzip: promisify(zlib.gunzip) };

/**
 * Each encoding is made when a request first asks for it, never before: most bodies are only
 * ever asked for in one (browsers take br). Once a compressed one exists the plain body is let
 * go (a kept page is ten times its compressed size), unless a client that accepts no
 * compression has asked for it: then it is made again once and kept, as such clients (scripts
 * reading the API) ask again and again, and decompressing per request cost them each 0.3 ms of
 * the event loop (`npm run bench`, the first page at a third of a bare server's rate). Requests
 * asking for an encoding being made wait for it.
 */
export class EncodedBody {
  #plain: Buffer | undefined;
  readonly #etag: string;
  readonly #compressible: boolean;
  readonly #compressed = new Map<Encoding, Buffer>();
  readonly #compressing = new Map<Encoding, Promise<Buffer>>();
  /** Whether a client that accepts no compression asked: then the plain body stays. */
  #plainAsked = false;

  constructor(body: Buffer) {
    this.#plain = body;
    this.#etag = createHash("sha1").update(body).digest("base64url");
    this.#compressible = body.length >= COMPRESS_FROM_BYTES;
  }

  /** Bytes held now: the plain body while kept, and each encoding made so far. */
  get bytes(): number {
    let bytes = this.#plain?.length ?? 0;
    for (const body of this.#compressed.values()) bytes += body.length;
    return bytes;
  }

  /** The body in the best encoding the request accepts, with its ETag. */
  async for(req: Request): Promise<Encoded> {
    // Browsers list gzip first with the same weight as br; br is smaller, so it goes first when accepted.
    const encoding = this.#compressible ? encodings.find((e) => req.acceptsEncodings(e) === e) : undefined;
    if (!encoding) {
      this.#plainAsked = true;
      return { body: await this.#plainBody(), etag: this.#etag, encoding: undefined };
    }
    return { body: this.#compressed.get(encoding) ?? (await this.#compress(encoding)), etag: `${this.#etag}-${encoding}`, encoding };
  }

  #compress(encoding: Encoding): Promise<Buffer> {
    let compressing = this.#compressing.get(encoding);
    if (!compressing) {
      compressing = this.#plainBody().then(async (plain) => {
        const body = await compress[encoding](plain);
        this.#compressed.set(encoding, body);
        this.#compressing.delete(encoding);
        if (!this.#plainAsked) this.#plain = undefined;
        return body;
      });
      this.#compressing.set(encoding, compressing);
    }
    return compressing;
  }

  async #plainBody(): Promise<Buffer> {
    if (this.#plain) return this.#plain;
    const [encoding, compressed] = this.#compressed.entries().next().value!;
    const plain = await decompress[encoding](compressed);
    if (this.#plainAsked) this.#plain = plain;
    return plain;
  }
}

/**
 * Sends `body` as `type` in the best encoding the request accepts. With the ETag set, Express
 * answers a matching If-None-Match with 304 (and HEAD without a body) and hashes nothing.
 */
export function sendEncoded(req: Request, res: Response, body: EncodedBody, type: string): void {
  body.for(req).then((encoded) => {
    res.vary("Accept-Encoding");
    if (encoded.encoding) res.setHeader("Content-Encoding", encoded.encoding);
    res.setHeader("ETag", `"${encoded.etag}"`);
    res.type(type).send(encoded.body);
  }, req.next);
}
