import { createServer, type Server } from "node:http";
import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { RequestLine } from "../logger.ts";

/**
 * Prometheus metrics of this instance (prom-client), served on METRICS_PORT only, never on
 * the public port: requests by route template and status class, the kept pages' and lists'
 * hits and misses, the PostgreSQL pool, the job queues, and the process itself.
 */
export interface Metrics {
  registry: Registry;
  request(line: RequestLine): void;
  /** A kept page (server/http/page-cache.ts) or kept list (catalog-cache.ts) asked for: served from memory, or not. */
  cacheLookup(cache: "page" | "list", hit: boolean): void;
  /** A job of `queue` ended: done, or failed (to be retried, or for good). */
  job(queue: string, outcome: "done" | "failed"): void;
}

/** Jobs waiting and running per queue, asked at each scrape. */
type QueueDepths = () => Promise<Array<{ queue: string; queued: number; active: number }>>;

export function createMetrics(deps: { pool: pg.Pool; queueDepths: QueueDepths }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges that prom-client names like counters, which Prometheus' own check refuses; the
  // per-type gauges beside them (nodejs_active_handles, …) say the same.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
  const labelNames = ["method", "route", "status_class"] as const;
  const requests = new Counter({ name: "stockroom_http_requests_total", help: "HTTP requests answered, by route template and status class", labelNames, registers: [registry] });
  const durations = new Histogram({
    name: "stockroom_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by route template and status class",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: "stockroom_cache_lookups_total",
    help: "Cached pages (cache=page) and cached catalog lists (cache=list) asked for, by whether they were served from memory",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
  });
  const jobs = new Counter({ name: "stockroom_jobs_total", help: "Background jobs ended, by queue and outcome (failed: retried or failed for good)", labelNames: ["queue", "outcome"] as const, registers: [registry] });
  const { pool } = deps;
  new Gauge({
    name: "stockroom_db_pool_connections",
    help: "PostgreSQL pool connections: total open, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "stockroom_job_queue_jobs",
    help: "Background jobs per queue: waiting (queued) and being worked on (active)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      // A scrape while PostgreSQL is away still answers, without these.
      const depths = await deps.queueDepths().catch(() => []);
      this.reset();
      for (const { queue, queued, active } of depths) {
        this.set({ queue, state: "queued" }, queued);
        this.set({ queue, state: "active" }, active);
      }
    },
  });
  return {
    registry,
    request(line) {
      const labels = { method: line.method, route: line.route, status_class: `${String(line.status).charAt(0)}xx` };
      requests.inc(labels);
      durations.observe(labels, line.durationMs / 1000);
    },
    cacheLookup: (cache, hit) => cacheLookups.inc({ cache, result: hit ? "hit" : "miss" }),
    job: (queue, outcome) => jobs.inc({ queue, outcome }),
  };
}

/** GET /metrics on its own port (METRICS_PORT), for Prometheus to scrape; nothing else. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Metrics are at /metrics\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(`${String(error)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
