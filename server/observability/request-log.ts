import type { RequestHandler } from "express";
import type { RequestLine } from "../logger.ts";
import { requestIdOf } from "./request-id.ts";
import { pathOf, type RouteTemplateOf } from "./route-template.ts";

/** Paths that hold a secret themselves: Better Auth's reset link carries its token in the path. */
const SECRET_PATHS = /^(\/api\/auth\/reset-password\/)[^/]+/i;

/**
 * Each request once it is answered (or its connection closed first), to `observe` (the log's
 * line, the metrics): method, route template, path (no query string: it may carry a token),
 * status, duration in ms, request id and client address (after TRUST_PROXY). Never a header,
 * a cookie or a body.
 */
export function observeRequests(routeOf: RouteTemplateOf, observe: (line: RequestLine) => void): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once("close", () =>
      observe({
        method: req.method,
        route: routeOf(req),
        path: pathOf(req).replace(SECRET_PATHS, "$1…"),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        requestId: requestIdOf(req),
        client: req.ip,
      }),
    );
    next();
  };
}
