import type { ApiErrorBody } from "#contracts/api-error";

/** Whether an answer's body is the API's error shape (checked by hand: the schema would bring Zod into every page). */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as ApiErrorBody | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/** An error answer of the JSON API, carrying its code and the message to show. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly code: string;
  /** Which of the causes `code` covers, when the answer says (contracts/api-error.ts). */
  readonly reason: string | undefined;
  constructor(status: number, code: string, message: string, reason?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.reason = reason;
  }
}

/** Calls the JSON API; resolves with the parsed body or rejects with an ApiError. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("Accept", "application/json");
  if (json !== undefined) headers.set("Content-Type", "application/json");
  let response: Response;
  try {
    response = await fetch(path, { ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.reason);
    throw new ApiError(response.status, "HTTP", "Something went wrong on our side. Please try again.");
  }
  return body as T;
}

/** A query string from the defined, non-empty values, with a leading '?' (or ''). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
