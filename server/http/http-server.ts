import { createServer, type RequestListener, type Server } from "node:http";

/** Request line + headers; Node answers 431 above it. */
const MAX_HEADER_BYTES = 16 * 1024;

/** The HTTP server for `app`, with limits against oversized headers (431) and slow clients (decision 011). */
export function createHttpServer(app: RequestListener): Server {
  return createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      // The whole header block within 15 s, the whole request within 30 s of the connection's first byte.
      headersTimeout: 15_000,
      requestTimeout: 30_000,
      // Longer than a load balancer usually keeps its idle connections (60 s), so the balancer closes first.
      keepAliveTimeout: 65_000,
    },
    app,
  );
}
