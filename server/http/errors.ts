import type { ErrorRequestHandler, Request, Response } from "express";
import { z } from "zod";
import { errorStatus, type ApiErrorBody } from "#contracts/api-error";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { isStorageUnavailable } from "../media/storage-unavailable.ts";
import { AppError, rootCause } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { requestIdOf } from "../observability/request-id.ts";

/** A Zod failure as the AppError that names the field at fault. */
export function fromZod(error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  const field = issue.path.join(".");
  return new AppError("BAD_REQUEST", issue.message, field ? { field } : undefined);
}

/** Parses untrusted input, throwing a BAD_REQUEST AppError naming the field on failure. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

/** PostgreSQL's "query_canceled": a statement ran past DB_STATEMENT_TIMEOUT_MS. */
const QUERY_CANCELED = "57014";

/** Whether `error`, or an error it wraps (Drizzle wraps the driver's), is PostgreSQL's SQLSTATE `code`. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

export const busyError = () => new AppError("UNAVAILABLE", "The server is too busy to answer this right now. Nothing was changed; please try again in a moment.");

/** Seconds a client is told to wait (Retry-After) while PostgreSQL or the media storage is away: each request tries again. */
export const RETRY_AFTER_S = 5;

/** 503 with Retry-After: the gallery cannot reach `what` (its database, its media storage). */
const unreachable = (what: string) =>
  new AppError("SERVICE_UNAVAILABLE", `The gallery cannot reach its ${what} right now. Please try again in a moment.`, { retryAfter: RETRY_AFTER_S });

export const databaseUnavailable = () => unreachable("database");

/**
 * Anything thrown, as an AppError: PostgreSQL or the media storage out of reach becomes
 * SERVICE_UNAVAILABLE (503, Retry-After), unknown errors a bare INTERNAL (never a stack).
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return fromZod(error);
  if (hasSqlState(error, QUERY_CANCELED)) return busyError();
  // (The bucket's first: a refused connection to it wraps the same network error a database's does.)
  if (isStorageUnavailable(error)) return unreachable("media storage");
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const status = (error as { status?: number; type?: string } | null)?.status;
  // Errors raised by express' own body parsers.
  if (status === 413) return new AppError("PAYLOAD_TOO_LARGE", "Request body is too large");
  if (status === 400 && (error as { type?: string }).type === "entity.parse.failed") {
    return new AppError("BAD_REQUEST", "Request body is not valid JSON");
  }
  if (status === 415) return new AppError("UNSUPPORTED_MEDIA", "Request body must be JSON");
  // Raised by Express' router for a path parameter that is not valid percent-encoded UTF-8.
  if (status === 400 && error instanceof URIError) return new AppError("BAD_REQUEST", "The URL is not valid percent-encoded UTF-8");
  // Any other bad request Express raises itself.
  if (typeof status === "number" && status >= 400 && status < 500) return new AppError("BAD_REQUEST", "Bad request");
  return new AppError("INTERNAL", "Something went wrong on our side. Please try again.");
}

export function errorBody(error: AppError): ApiErrorBody {
  return { error: { code: error.code, message: error.message, ...error.details } };
}

export function sendError(res: Response, error: AppError): void {
  const retryAfter = error.details?.retryAfter;
  if (typeof retryAfter === "number") res.setHeader("Retry-After", String(retryAfter));
  neverKept(res);
  res.status(errorStatus[error.code]).json(errorBody(error));
}

/**
 * A refusal answers one request: no cache keeps it (unless its route said otherwise). The
 * refusals at the edge (a Host that makes no URL, a cross-site change, a long URL, an odd
 * method) come before anything marks a signed-in answer private.
 */
function neverKept(res: Response): void {
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An error answer for any request: the JSON error shape under /api, a plain page (no
 * scripts, no styles) elsewhere. Server-side failures (5xx) carry the request id.
 */
export function sendErrorFor(req: Request, res: Response, error: AppError): void {
  const status = errorStatus[error.code];
  const id = status >= 500 ? requestIdOf(req) : undefined;
  // (Express routes /API/… as /api/…: paths match whatever their case.)
  if (/^\/api(?:[/?]|$)/i.test(req.originalUrl)) {
    sendError(res, id ? new AppError(error.code, error.message, { ...error.details, requestId: id }) : error);
    return;
  }
  neverKept(res);
  const page = errorPage(error, id);
  res.status(page.status).set(Object.fromEntries(page.headers)).send(page.html);
}

/** The plain error page (no scripts, no styles) of `error`, with its Retry-After and, for 5xx, the request id. */
export function errorPage(error: AppError, requestId: string | undefined): { status: number; headers: Headers; html: string } {
  const status = errorStatus[error.code];
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  const retryAfter = error.details?.retryAfter;
  if (typeof retryAfter === "number") headers.set("Retry-After", String(retryAfter));
  const reference = requestId ? `<p>Reference: <code>${requestId}</code></p>` : "";
  const html =
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${status} · Stockroom</title><h1>${escapeHtml(error.message)}</h1>${reference}<p><a href="/">Return to Home</a></p></html>`;
  return { status, headers, html };
}


/** Logs what a visitor must never see (the error's detail), under the request's id. */
function logFailure(log: Logger, req: Request, appError: AppError, error: unknown): void {
  // One line each while PostgreSQL is away, without a stack: the cause is the same for all.
  if (appError.code === "SERVICE_UNAVAILABLE") log.error(`[${requestIdOf(req)}] ${req.method} ${req.originalUrl}: ${rootCause(error)}`);
  else if (appError.code === "INTERNAL" || appError.code === "UNAVAILABLE") {
    log.error(`[${requestIdOf(req)}] ${req.method} ${req.originalUrl} failed`, error);
  }
}

/**
 * The last handler of the app (and of the API): whatever was thrown becomes an error answer; the
 * detail goes to the log. An answer already given whole (a body refused for its size while the
 * request went on through the handlers, which then could not set their headers) stays as it is,
 * and what failed after it is no failure of the request (debug level). An answer already begun
 * cannot be changed: it is cut off, and the failure logged.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.writableEnded) return log.debug(`[${requestIdOf(req)}] ${req.method} ${req.originalUrl} failed after its answer: ${String(error)}`);
    const appError = toAppError(error);
    logFailure(log, req, appError, error);
    if (res.headersSent) return void res.destroy();
    sendErrorFor(req, res, appError);
  };
}
