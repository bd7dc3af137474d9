import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";

export const streamTimeout = 5_000;

/**
 * What failed in a loader, an action or the render goes to the log under the request's id
 * (X-Request-Id); the visitor sees the error boundary, without the error's detail, or the
 * server's plain 503 page when PostgreSQL could not be reached.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { log, requestId, outage } = context as AppLoadContext;
  const what = `[${requestId}] ${request.method} ${new URL(request.url).pathname} failed`;
  // PostgreSQL out of reach: one line (every request fails alike), and the page answers 503 (below).
  if (outage.note(error)) log.error(`${what}: the database is unavailable`);
  else log.error(what, error);
};

/**
 * Renders each page whole and answers it in one piece. Our loaders hand over all their data
 * before rendering, so streaming would gain nothing, and every streamed chunk is flushed
 * through compression on its own: a page sent in one piece compresses to about half the bytes.
 * The whole page then goes through `finishPage` (the server's: it inlines the stylesheet).
 * Every script React Router and React write (hydration data, module preloads, the entry)
 * carries the response's CSP nonce (server/http/security-headers.ts).
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  // PostgreSQL out of reach is no fault of the page: the server's plain 503 page, with Retry-After.
  const outage = loadContext.outage.page();
  if (outage) return outage;
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const nonce = loadContext.cspNonce;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellReady = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeout);
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(loadContext.finishPage(Buffer.concat(chunks).toString("utf8")), { status, headers }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors in the shell are rejected above and logged by React Router.
        if (shellReady) loadContext.log.error(`[${loadContext.requestId}] Rendering a page failed`, error);
      },
    });
  });
}
