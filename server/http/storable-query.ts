import type { RequestHandler } from "express";
import { notStorable, unstorableField } from "#contracts/text";
import { AppError } from "../errors.ts";

/**
 * Refuses (400) a request whose query string holds text PostgreSQL cannot store (a NUL, a lone
 * surrogate) in any parameter's name or value: one check for every page, API operation and
 * Better Auth endpoint, before any of them reads the query. A browser never sends either; the
 * answer names the parameter, as JSON under /api and as the plain error page elsewhere.
 */
export const storableQuery: RequestHandler = (req, _res, next) => {
  const field = unstorableField(req.query);
  next(field ? new AppError("BAD_REQUEST", notStorable(field), { field }) : undefined);
};
