import type { ErrorRequestHandler, Response } from "express";
import { z } from "zod";
import type { ApiErrorBody } from "#contracts/api-error";
import { AppError, type ErrorCode } from "../errors.ts";
import type { Logger } from "../logger.ts";

/** The one place where an application error becomes an HTTP status. */
export const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

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

/** Anything thrown, as an AppError: unknown errors become a bare INTERNAL (never a stack). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return fromZod(error);
  const status = (error as { status?: number; type?: string } | null)?.status;
  // Errors raised by express' own body parsers.
  if (status === 413) return new AppError("PAYLOAD_TOO_LARGE", "Request body is too large");
  if (status === 400 && (error as { type?: string }).type === "entity.parse.failed") {
    return new AppError("BAD_REQUEST", "Request body is not valid JSON");
  }
  if (status === 415) return new AppError("UNSUPPORTED_MEDIA", "Request body must be JSON");
  // Raised by Express' router for a path parameter that is not valid percent-encoded UTF-8.
  if (status === 400 && error instanceof URIError) return new AppError("BAD_REQUEST", "The URL is not valid percent-encoded UTF-8");
  return new AppError("INTERNAL", "Something went wrong on our side. Please try again.");
}

export function errorBody(error: AppError): ApiErrorBody {
  return { error: { code: error.code, message: error.message, ...error.details } };
}

export function sendError(res: Response, error: AppError): void {
  const retryAfter = error.details?.retryAfter;
  if (typeof retryAfter === "number") res.setHeader("Retry-After", String(retryAfter));
  res.status(statusOf[error.code]).json(errorBody(error));
}

export function apiErrorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const appError = toAppError(error);
    if (appError.code === "INTERNAL") log.error(`${req.method} ${req.originalUrl} failed`, error);
    sendError(res, appError);
  };
}
