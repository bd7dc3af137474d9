import type { RequestHandler } from "express";
import { AppError } from "../errors.ts";
import { sendError } from "./errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent from another site: the browser's Origin (or, for
 * old browsers, Referer) must be this site's. Cookies are SameSite=Lax as well; this is
 * the second lock on the door.
 */
export function sameOriginOnly(baseUrl: string): RequestHandler {
  const allowed = new URL(baseUrl).origin;
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.get("origin") ?? originOf(req.get("referer"));
    if (origin === allowed || (origin === undefined && req.get("sec-fetch-site") === "same-origin")) return next();
    sendError(res, new AppError("FORBIDDEN", "Cross-site request refused"));
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}
