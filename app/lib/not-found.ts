import { data } from "react-router";

/** Whether a service call failed with NOT_FOUND (an AppError; loaders import no server code). */
export function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "NOT_FOUND";
}

/** Awaits a service call in a loader; the service's NOT_FOUND becomes this page's 404. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}
