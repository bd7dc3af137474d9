import http from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { percentile } from "./load.ts";

/**
 * An open-loop HTTP load generator: request i is due at start + i / rate, whether or not
 * earlier answers have come back (as independent visitors arrive), and its latency is
 * measured from that due time, so that a slow server is not hidden by a generator that
 * waits for it (no coordinated omission). Keep-alive connections, as many as needed.
 */

export interface PlannedRequest {
  /** What kind of traffic this is, for the per-kind figures. */
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
}

export interface KindFigures {
  count: number;
  errors: number;
  /** Milliseconds, from each request's due time. */
  p50: number;
  p95: number;
  p99: number;
}

export interface OpenLoopResult {
  sent: number;
  seconds: number;
  /** Answers per second over the run, from the first due time to the last answer. */
  achievedRate: number;
  /** Error answers (4xx/5xx) and failed requests, by `kind status`. */
  errors: Map<string, number>;
  /** How late the generator itself sent a request (ms, worst case): above a few ms, it did not keep up. */
  maxSendLag: number;
  total: KindFigures;
  kinds: Map<string, KindFigures>;
}

function figures(latencies: number[], errors: number): KindFigures {
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, errors, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

export async function openLoop(options: { origin: string; rate: number; seconds: number; next: () => PlannedRequest }): Promise<OpenLoopResult> {
  const { origin, rate, seconds, next } = options;
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
  const total = Math.round(rate * seconds);
  const latencies = new Map<string, number[]>();
  const errorCount = new Map<string, number>();
  const errors = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let maxSendLag = 0;
  let lastAnswer = 0;

  const record = (kind: string, due: number, failure: string | null) => {
    const now = performance.now();
    lastAnswer = Math.max(lastAnswer, now);
    (latencies.get(kind) ?? latencies.set(kind, []).get(kind)!).push(now - due);
    if (failure) {
      errorCount.set(kind, (errorCount.get(kind) ?? 0) + 1);
      errors.set(`${kind} ${failure}`, (errors.get(`${kind} ${failure}`) ?? 0) + 1);
    }
  };

  const fire = (request: PlannedRequest, due: number) =>
    new Promise<void>((resolve) => {
      const req = http.request({ hostname, port, agent, method: request.method, path: request.path, headers: request.headers, timeout: 60_000 }, (res) => {
        res.on("data", () => {});
        res.on("end", () => {
          record(request.kind, due, res.statusCode! >= 400 ? String(res.statusCode) : null);
          resolve();
        });
        res.on("error", (error) => {
          record(request.kind, due, error.message);
          resolve();
        });
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        record(request.kind, due, (error as NodeJS.ErrnoException).code ?? error.message);
        resolve();
      });
      req.end();
    });

  const start = performance.now() + 20;
  for (let i = 0; i < total; ) {
    const due = start + (i * 1000) / rate;
    const now = performance.now();
    if (due > now) {
      await sleep(due - now);
      continue;
    }
    maxSendLag = Math.max(maxSendLag, now - due);
    const sending = fire(next(), due).then(() => void inFlight.delete(sending));
    inFlight.add(sending);
    i++;
  }
  await Promise.all(inFlight);
  agent.destroy();

  const all = [...latencies.values()].flat();
  const kinds = new Map([...latencies].map(([kind, values]) => [kind, figures(values, errorCount.get(kind) ?? 0)]));
  const runSeconds = (lastAnswer - start) / 1000;
  return {
    sent: total,
    seconds: runSeconds,
    achievedRate: all.length / runSeconds,
    errors,
    maxSendLag,
    total: figures(all, [...errorCount.values()].reduce((a, b) => a + b, 0)),
    kinds,
  };
}
