import type { RequestHandler } from "express";

/**
 * A page path that is not percent-encoded UTF-8 (`/%E0`) names no page, in any language: its
 * `%` signs are taken for the characters they are (`/%25E0`), so React Router answers with the
 * not-found page as for any other unknown path, instead of printing a warning of its own that
 * is no line of the server's log.
 */
export const undecodablePathAsWritten: RequestHandler = (req, _res, next) => {
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  try {
    decodeURIComponent(path);
  } catch {
    req.url = req.originalUrl = path.replaceAll("%", "%25") + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt));
  }
  next();
};
