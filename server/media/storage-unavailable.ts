/**
 * The media storage did not answer: its server is down or out of reach, or it answered with a
 * 5xx (S3's SlowDown, an internal error). The same request may succeed in a moment; the HTTP
 * layer answers 503 with Retry-After (server/http/errors.ts). A missing file is no such error.
 */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}

/** Whether `error`, or an error it wraps (a few levels at most), is a StorageUnavailableError. */
export function isStorageUnavailable(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 8 && e instanceof Error; depth++, e = e.cause) if (e instanceof StorageUnavailableError) return true;
  return false;
}
