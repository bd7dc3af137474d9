import type pg from "pg";
import { rootCause } from "../errors.ts";
import type { MediaStorage } from "../media/storage.ts";

/**
 * Whether this instance should get traffic (`GET /readyz`): PostgreSQL and the media storage
 * answer, and the instance is not stopping. A load balancer takes an instance out while it
 * is not ready; `/healthz` only says the process runs (restart it when that fails).
 */
export interface Readiness {
  check(): Promise<{ ready: true } | { ready: false; reason: string }>;
  /** From now on not ready: the instance is stopping (SIGTERM) and finishes what it has. */
  drain(): void;
}

/** Longest a check may wait for a peer: a balancer asks every few seconds. */
const CHECK_TIMEOUT_MS = 2000;

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function createReadiness(deps: { pool: pg.Pool; media: MediaStorage }): Readiness {
  let draining = false;
  return {
    async check() {
      if (draining) return { ready: false, reason: "The server is stopping" };
      const [database, media] = await Promise.allSettled([
        withinTimeout(deps.pool.query("select 1"), "PostgreSQL"),
        withinTimeout(deps.media.check(), "The media storage"),
      ]);
      if (database.status === "rejected") return { ready: false, reason: `PostgreSQL is unavailable: ${rootCause(database.reason)}` };
      if (media.status === "rejected") return { ready: false, reason: `The media storage is unavailable: ${rootCause(media.reason)}` };
      return { ready: true };
    },
    drain() {
      draining = true;
    },
  };
}
