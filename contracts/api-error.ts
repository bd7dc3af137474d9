import { z } from "zod";
import "./zod-config.ts";

/**
 * Every error code, with the HTTP status it answers: the one table read by the API's error
 * mapper (server/http/errors.ts), the page actions (app/lib/form.server.ts) and the OpenAPI
 * document (server/openapi/), whose operations list the statuses their codes answer.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<string, number>;

/** The code of an AppError (server/errors.ts) and of every error answer. */
export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && Object.hasOwn(errorStatus, code);

/** The body of every error answer of the JSON API. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The query or body field at fault, when there is one. */
    field: z.string().optional(),
    /** Which of the causes one code covers, for a client to say in its own words (UNPROCESSABLE of /api/content-credentials/check: image, manifest, cycle, slow). */
    reason: z.string().optional(),
    /** For RATE_LIMITED and SERVICE_UNAVAILABLE: seconds until a retry may succeed (also the Retry-After header). */
    retryAfter: z.number().int().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
