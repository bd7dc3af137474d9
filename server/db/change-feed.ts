import pg from "pg";
import type { Logger } from "../logger.ts";

/**
 * What PostgreSQL announces on one NOTIFY channel, heard on a connection of its own. Whoever
 * keeps copies of database rows in memory subscribes, and drops them when told: on each
 * notification, and whenever the feed goes live or stops being live (notifications may have
 * been missed in between). While the feed is not live, nothing new may be kept; what was kept
 * may be served (PostgreSQL is away: nothing can change) until it is live again.
 *
 * NOTIFY needs a session-level connection: behind a pooler in transaction mode (PgBouncer's
 * default) notifications are not delivered, and the feed never goes live.
 */
export interface ChangeFeed {
  /** Whether notifications are being heard right now. */
  readonly live: boolean;
  /** Calls `listener` with each payload, and with `null` when `live` changes. Returns the unsubscribe. */
  subscribe(listener: (payload: string | null) => void): () => void;
  close(): Promise<void>;
}

/** How the connection shows in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION_NAME = "stockroom changes";
const RETRY_FIRST_MS = 500;
/** Kept pages are served while the feed is lost: it is back, and they dropped, at most this long after PostgreSQL is. */
const RETRY_MAX_MS = 5_000;

/** Listens on `channel` with a client made like the pool's, reconnecting with backoff after a loss. */
export function listenForChanges(pool: pg.Pool, channel: string, log: Logger): ChangeFeed {
  const listeners = new Set<(payload: string | null) => void>();
  const emit = (payload: string | null) => {
    for (const listener of listeners) listener(payload);
  };
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    emit(null);
  };

  const lost = (error: unknown) => {
    client?.removeAllListeners();
    client?.on("error", () => {});
    void client?.end().catch(() => {});
    client = undefined;
    setLive(false);
    if (closed) return;
    log.error(`Not hearing of database changes on ${channel} (kept lists are off until it is back); retrying in ${retryMs} ms`, error);
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    // The pool's statement timeout is for requests; this connection only listens.
    const next = new pg.Client({ ...pool.options, statement_timeout: undefined, application_name: CHANGE_FEED_APPLICATION_NAME });
    client = next;
    next.on("error", lost);
    next.on("end", () => client === next && lost(new Error("connection ended")));
    next.on("notification", (message) => {
      if (message.channel === channel) emit(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
      if (closed) return void (await next.end());
      retryMs = RETRY_FIRST_MS;
      setLive(true);
    } catch (error) {
      if (client === next) lost(error);
    }
  };
  void connect();

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      setLive(false);
      listeners.clear();
      await last?.end().catch(() => {});
    },
  };
}
