import type { RequestHandler } from "express";
import { AppError } from "../errors.ts";
import { sendError } from "./errors.ts";

/** A host name (letters, digits, `-`, `_`, dots) or an IP address, and an optional port: what browsers and proxies send. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Refuses (400) a request without a usable Host, or whose X-Forwarded-Host/-Proto from a
 * trusted proxy cannot be part of a URL: pages build the request's URL from them, and a
 * client may send anything there. (/healthz answers before this, whatever the Host.)
 */
export const wellFormedHost: RequestHandler = (req, res, next) => {
  const { host, protocol } = req;
  if (protocol !== "http" && protocol !== "https") return sendError(res, new AppError("BAD_REQUEST", "The forwarded protocol must be http or https"));
  if (!host || !HOST.test(host) || !URL.canParse(`${protocol}://${host}/`)) return sendError(res, new AppError("BAD_REQUEST", "The Host header must be a valid host name"));
  next();
};
