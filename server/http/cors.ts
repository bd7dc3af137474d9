import { Router } from "express";

const READS = new Set(["GET", "HEAD"]);

/**
 * Lets pages of any site read `paths` (Express-style, the catalog's reads) from the browser:
 * `Access-Control-Allow-Origin: *` on GET and HEAD, and a preflight that allows those methods
 * only. Never with credentials, so such a read is always anonymous. Any other path, and any
 * other method, gets no CORS header: state-changing requests stay same-origin (origin.ts).
 */
export function crossOriginReads(paths: string[]): Router {
  const router = Router();
  router.options(paths, (req, res) => {
    if (READS.has(req.get("access-control-request-method") ?? "")) {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Access-Control-Allow-Methods", "GET, HEAD");
      const headers = req.get("access-control-request-headers");
      if (headers) res.setHeader("Access-Control-Allow-Headers", headers);
      res.setHeader("Access-Control-Max-Age", "86400");
    }
    res.status(204).end();
  });
  router.get(paths, (_req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    next();
  });
  return router;
}
