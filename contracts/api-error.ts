/** The body of every error answer of the JSON API. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** The query or body field at fault, when there is one. */
    field?: string;
    /** For RATE_LIMITED: seconds until a retry may succeed. */
    retryAfter?: number;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as ApiErrorBody | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}
