import type { Request as ExpressRequest } from "express";
import { Readable } from "node:stream";

/** An Express request's headers as a Fetch API Headers object (repeated headers joined, as HTTP allows). */
export function webHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/**
 * An Express request as a Fetch API Request on `origin` (the site's configured address,
 * never the client's Host header, which may be anything), its body streamed as it arrives.
 */
export function webRequest(req: ExpressRequest, origin: string): Request {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.originalUrl, origin), {
    method: req.method,
    headers: webHeaders(req),
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  });
}
