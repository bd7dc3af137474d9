import type { ErrorCode } from "#contracts/api-error";

/**
 * The one typed error of the application. Services throw it; its code's status is in one
 * table (contracts/api-error.ts errorStatus), read by the API and the page actions.
 */

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

/** The first line of `error`'s message. */
const firstLine = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException | null;
  return (e?.message || e?.code || String(error)).split("\n")[0]!;
};

/** The first line of the innermost cause (Drizzle wraps the driver's error in "Failed query: …"). */
export function rootCause(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  return firstLine(root);
}

/**
 * What went wrong, in one line: the error's first line, followed by its innermost cause when
 * that says more ("Failed query: select …: canceling statement due to statement timeout").
 */
export function describeFailure(error: unknown): string {
  const message = firstLine(error);
  const cause = rootCause(error);
  return message.includes(cause) ? message : `${message}: ${cause}`;
}

/** Node's errors for a peer that cannot be reached or dropped the connection. */
const NETWORK_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/** Whether `error` itself is Node's word for a peer out of reach (PostgreSQL, the bucket). */
export const isNetworkFailure = (error: unknown): boolean => NETWORK_ERRORS.has(String((error as { code?: unknown } | null)?.code));
