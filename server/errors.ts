/**
 * The one typed error of the application. Services throw it; the HTTP layer maps its
 * code to a status in one place (server/http/errors.ts).
 */
export const errorCodes = [
  "BAD_REQUEST",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "URI_TOO_LONG",
  "UNSUPPORTED_MEDIA",
  "UNPROCESSABLE",
  "RATE_LIMITED",
  "UNAVAILABLE",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  /** Extra, safe-to-show detail, e.g. the parameter at fault or seconds until retry. */
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
