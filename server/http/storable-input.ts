import type { RequestHandler } from "express";
import { notStorable, unstorableField } from "#contracts/text";
import { AppError } from "../errors.ts";

/**
 * Refuses (400) a request whose `part` holds text PostgreSQL cannot store (a NUL, a lone
 * surrogate) in any field's name or value, nested ones included: the query, for every page, API
 * operation and Better Auth endpoint before any of them reads it; the API's parsed JSON body. A
 * browser never sends either; the answer names the field, as JSON under /api and as the plain
 * error page elsewhere.
 */
export const storableInput =
  (part: "query" | "body"): RequestHandler =>
  (req, _res, next) => {
    const field = unstorableField(req[part]);
    next(field ? new AppError("BAD_REQUEST", notStorable(field), { field }) : undefined);
  };
