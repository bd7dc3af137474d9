import type pg from "pg";
import { PgBoss, type Job } from "pg-boss";
import { whileLocked } from "../db/database.ts";
import type { Logger } from "../logger.ts";

/**
 * Work done after the request that asked for it, by whichever instance is free (decision 023):
 * pg-boss keeps the jobs in PostgreSQL (its own schema, `pgboss`), so nothing is lost on a
 * restart, any instance picks up work, and a job whose worker stopped sending heartbeats (a
 * crash, a kill) is handed out again. Its schema is created and migrated under an advisory
 * lock of ours (pg-boss's own, taken after it found the schema missing, let two instances
 * starting together both create it), so instances starting at the same moment take turns.
 */

/** Any fixed number: held while pg-boss creates or migrates its schema and the queues. */
const JOBS_LOCK = 7_410_223;

/** A worker that sends no heartbeat for this long is taken for dead: its job is retried. */
const HEARTBEAT_SECONDS = 10;
/** How often dead workers' jobs are looked for (and queues maintained). */
const SUPERVISE_SECONDS = 5;
/** How often an idle worker asks for new jobs. */
const POLL_SECONDS = 1;
/** Attempts after the first: a crash or an unexpected error is retried this many times. */
const RETRIES = 3;

export interface JobQueue {
  /** Starts taking jobs of `queue`, `concurrency` at a time; `handler` throwing retries the job. */
  work<T extends object>(queue: string, concurrency: number, handler: (data: T, attempt: { last: boolean }) => Promise<void>): Promise<void>;
  /** Queues a job; `startAfterSeconds`: not taken before then. */
  send(queue: string, data: object, options?: { startAfterSeconds?: number }): Promise<void>;
  /** Lets the jobs in hand finish (up to `timeoutMs`), then stops; before the database closes. */
  stop(timeoutMs?: number): Promise<void>;
  /** Jobs waiting and running per queue (none before the queue started). */
  depths(): Promise<Array<{ queue: string; queued: number; active: number }>>;
}

/**
 * The queue on `pool`, started on first use: pg-boss's schema is created when missing (safe
 * from several instances at once), and so are the `queues`.
 */
export function createJobQueue(deps: {
  pool: pg.Pool;
  log: Logger;
  queues: string[];
  /** Told each job's end: done, or failed (retried, or for good). */
  onOutcome?: (queue: string, outcome: "done" | "failed") => void;
}): JobQueue {
  const { log } = deps;
  const boss = new PgBoss({
    // pg-boss runs on the server's own pool: no second set of connections to size.
    db: { executeSql: (text: string, values?: unknown[]) => deps.pool.query(text, values) },
    schema: "pgboss",
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on("error", (error: unknown) => log.error("Job queue", error));
  let started: Promise<void> | undefined;
  const start = () =>
    (started ??= whileLocked(deps.pool, JOBS_LOCK, async () => {
      await boss.start();
      for (const name of deps.queues) {
        if (!(await boss.getQueue(name))) {
          await boss.createQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS, retryLimit: RETRIES, retryDelay: 2, retryBackoff: true });
        }
      }
    }));
  return {
    async work<T extends object>(queue: string, concurrency: number, handler: (data: T, attempt: { last: boolean }) => Promise<void>) {
      await start();
      await boss.work<T>(queue, { batchSize: 1, localConcurrency: concurrency, pollingIntervalSeconds: POLL_SECONDS }, async ([job]: Job<T>[]) => {
        try {
          await handler(job!.data, { last: job!.retryCount >= RETRIES });
          deps.onOutcome?.(queue, "done");
        } catch (error) {
          deps.onOutcome?.(queue, "failed");
          throw error;
        }
      });
    },
    async send(queue, data, options) {
      await start();
      await boss.send(queue, data, options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : undefined);
    },
    async depths() {
      if (!started) return [];
      await started;
      return Promise.all(
        deps.queues.map(async (queue) => {
          const stats = await boss.getQueueStats(queue);
          return { queue, queued: stats.reduce((n, s) => n + s.queuedCount, 0), active: stats.reduce((n, s) => n + s.activeCount, 0) };
        }),
      );
    },
    async stop(timeoutMs = 30_000) {
      if (!started) return;
      await started.catch(() => {});
      // close: false: the pool is the server's, closed with the database.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
}
