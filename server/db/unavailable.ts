import { isNetworkFailure } from "../errors.ts";

/**
 * Whether `error` says that PostgreSQL could not be reached or went away (it stopped, it
 * restarts, the network between us dropped, no connection came within DB_CONNECT_TIMEOUT_MS),
 * rather than that a statement failed: the request may succeed once the database is back.
 * Drizzle wraps the driver's error, so the causes are read too (a few levels at most).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 8 && e instanceof Error; depth++, e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (isNetworkFailure(e) || (typeof code === "string" && (SQLSTATES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS)))) return true;
    if (DRIVER_MESSAGES.some((message) => e instanceof Error && e.message.startsWith(message))) return true;
  }
  return false;
}

/** SQLSTATE class 08: connection exception. */
const CONNECTION_EXCEPTION_CLASS = "08";
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections. */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** What `pg` says, without a code, when a connection could not be had or was lost. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];
