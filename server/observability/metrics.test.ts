import { spawnSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { startTestApp } from "../http/test-app.ts";
import { serveMetrics } from "./metrics.ts";

/**
 * The metrics an operator scrapes from METRICS_PORT, after traffic on the whole app: in the
 * Prometheus text format (`promtool check metrics` passes), labelled by route template and
 * status class, never by URL; and nowhere on the public port.
 */

const database = await testDatabase();
const { services, call, origin } = await startTestApp(database, {}, { pages: true });
const metricsServer = await serveMetrics(services.metrics, 0, "127.0.0.1");
afterAll(() => new Promise((resolve) => metricsServer.close(resolve)));
const metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;

let imageId: number;
let text: string;

beforeAll(async () => {
  imageId = await addImage(database.db, services.media, "Harbour at dawn");
  // Until the change feed listens, nothing is kept: wait for it, so that the second asks are hits.
  for (let i = 0; i < 100 && !services.catalogChanges?.live; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  for (let i = 0; i < 3; i++) {
    expect((await call("GET", "/api/images?limit=10")).status).toBe(200);
    expect((await call("GET", `/api/images/${imageId}`)).status).toBe(200);
    expect((await call("GET", "/")).status).toBe(200);
  }
  expect((await call("GET", "/api/images/999999")).status).toBe(404);
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  text = await res.text();
});

/** The value of the sample `name{labels}` (labels in the order prom-client writes them). */
const sample = (name: string, labels: string) => Number(new RegExp(`^${name}\\{${labels.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\} (\\S+)$`, "m").exec(text)?.[1]);

describe("metrics", () => {
  it("pass promtool check metrics", () => {
    const promtool = spawnSync("promtool", ["--version"]);
    if (promtool.error) {
      throw new Error("promtool is not installed: install Debian's prometheus package (apt-get install prometheus), as .ci/run does");
    }
    const check = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${check.stdout}${check.stderr}`.trim()).toBe("");
    expect(check.status).toBe(0);
  });

  it("count requests by route template and status class, never by URL", () => {
    expect(sample("stockroom_http_requests_total", 'method="GET",route="/api/images",status_class="2xx"')).toBe(3);
    expect(sample("stockroom_http_requests_total", 'method="GET",route="/api/images/:id",status_class="2xx"')).toBe(3);
    expect(sample("stockroom_http_requests_total", 'method="GET",route="/api/images/:id",status_class="4xx"')).toBe(1);
    expect(sample("stockroom_http_requests_total", 'method="GET",route="/",status_class="2xx"')).toBe(3);
    expect(sample("stockroom_http_request_duration_seconds_count", 'method="GET",route="/api/images",status_class="2xx"')).toBe(3);
    expect(text).not.toContain(`/api/images/${imageId}`);
    expect(text).not.toContain("/api/images/999999");
  });

  it("tell the kept pages' and lists' hits and misses, the pool, the job queues and the process", () => {
    expect(sample("stockroom_cache_lookups_total", 'cache="page",result="hit"')).toBeGreaterThanOrEqual(2);
    expect(sample("stockroom_cache_lookups_total", 'cache="page",result="miss"')).toBeGreaterThanOrEqual(1);
    expect(sample("stockroom_cache_lookups_total", 'cache="list",result="hit"')).toBeGreaterThanOrEqual(2);
    expect(sample("stockroom_cache_lookups_total", 'cache="list",result="miss"')).toBeGreaterThanOrEqual(1);
    for (const state of ["total", "idle", "waiting"]) expect(sample("stockroom_db_pool_connections", `state="${state}"`)).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^# TYPE stockroom_job_queue_jobs gauge$/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("are not served on the public port", async () => {
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  });
});
