import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";

/**
 * Every request gets an id, answered in `X-Request-Id`: an error page or JSON error shows
 * it, and the log line with the error's detail carries the same id, so an operator finds
 * what a visitor saw.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const id = randomUUID();
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  next();
};

export function requestIdOf(req: Request): string {
  return (req.res?.locals.requestId as string | undefined) ?? "unknown";
}
