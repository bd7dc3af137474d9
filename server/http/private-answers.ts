import type { RequestHandler, Response } from "express";
import { hasSessionCookie } from "../auth/auth.ts";

/**
 * Every answer to a request that may carry a session is the viewer's own (their pages, their
 * `/api/me/*`, their session): it leaves with `Cache-Control: private, no-store`, set as its head
 * is written, so that no handler's own header (a catalog list's `public, max-age`) can override
 * it and no shared proxy keeps it. Mounted before the API and the pages, after the media and the
 * static assets, whose files are the same for everyone.
 */
export const privateWhenSignedIn: RequestHandler = (req, res, next) => {
  if (hasSessionCookie(req.headers.cookie)) {
    const writeHead = res.writeHead as (this: Response, ...args: unknown[]) => Response;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      this.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
  }
  next();
};
