import http from "node:http";
import { performance } from "node:perf_hooks";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * A closed-loop HTTP load generator: `connections` keep-alive connections, each sending its
 * next request as soon as the previous answer has been read, until `requests` answers have
 * come back. It runs in a child process so that it does not share an event loop with the
 * server under test.
 */

export interface LoadOptions {
  url: string;
  connections: number;
  requests: number;
  /** Request headers, e.g. `accept-encoding` as a browser sends it. */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** Answers whose status was not 200. */
  failures: number;
}

/** The `p`th percentile of ascending `sorted` values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function generate({ url, connections, requests, headers }: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const start = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) failures++;
          res.on("data", () => {});
          res.on("end", () => {
            latencies.push(performance.now() - start);
            resolve();
          });
        })
        .on("error", reject);
    });
  const loop = async () => {
    while (sent < requests) {
      sent++;
      await once();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests, seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), failures };
}

/** Runs the load from a child process (with this process's flags). */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(options)]);
    child.once("message", (result: LoadResult) => resolve(result));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`load generator exited with code ${code}`));
    });
  });
}

if (process.send && process.argv[2]) {
  const result = await generate(JSON.parse(process.argv[2]) as LoadOptions);
  process.send(result, () => process.exit(0));
}
