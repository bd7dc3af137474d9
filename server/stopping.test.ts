import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { serverProcesses } from "../test/processes.ts";
import { freePort } from "./free-port.ts";

/**
 * A rolling deploy's SIGTERM under traffic, on the real server process (no shell between the
 * signal and it): eight keep-alive clients send without pause; every request sent on an open
 * connection is answered, the answers after the signal close their connections, new
 * connections are refused, and the process exits within SHUTDOWN_TIMEOUT_S.
 */

const CLIENTS = 8;
const SHUTDOWN_TIMEOUT_S = 10;
const { run } = serverProcesses("stopping");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(agent: http.Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers: { "accept-encoding": "identity" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

it("stops under keep-alive traffic without cutting a request, and exits within SHUTDOWN_TIMEOUT_S", async () => {
  const server = run("server/main.ts", { PORT: String(port), BASE_URL: base, SHUTDOWN_TIMEOUT_S: String(SHUTDOWN_TIMEOUT_S), LOG_LEVEL: "info" });
  await server.waitFor(/^Stockroom is running at/);

  let signalled = false;
  /** Each client's last answer before its next connection was refused. */
  const lastAnswers: Answer[] = [];
  const cut: string[] = [];
  const failed: string[] = [];
  let answered = 0;
  const client = async (n: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const paths = ["/api/images?limit=20", "/", "/healthz", "/license"];
    let last: Answer | undefined;
    try {
      for (let i = 0; ; i++) {
        const path = paths[(n + i) % paths.length]!;
        try {
          last = await get(agent, path);
          answered++;
          if (last.status !== 200) failed.push(`${path}: ${last.status}`);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // A new connection refused: the server stopped accepting, as it should.
          if (signalled && code === "ECONNREFUSED" && last) return void lastAnswers.push(last);
          cut.push(`${path}: ${code ?? String(error)}`);
          return;
        }
      }
    } finally {
      agent.destroy();
    }
  };
  // A connection of its own, open before the signal, asks whether the instance is ready.
  const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect(await get(probe, "/readyz")).toMatchObject({ status: 200, body: JSON.stringify({ status: "ready" }) });

  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await sleep(1500);
  const before = answered;
  const started = performance.now();
  signalled = true;
  server.child.kill("SIGTERM");
  await sleep(50);
  // (A request arriving on a connection left open by the stop.)
  const ready = await get(probe, "/readyz");
  probe.destroy();
  await Promise.all(clients);
  const exit = await server.exit;
  const stoppedMs = performance.now() - started;

  expect(cut).toEqual([]);
  expect(failed).toEqual([]);
  expect(before).toBeGreaterThan(CLIENTS);
  expect(ready).toEqual({ status: 503, connection: "close", body: JSON.stringify({ status: "unavailable", reason: "The server is stopping" }) });
  // Every client's connection was ended by an answer that said so, never cut.
  expect(lastAnswers.map((a) => a.connection)).toEqual(Array(CLIENTS).fill("close"));
  expect(exit).toEqual({ code: 0, signal: null });
  expect(stoppedMs).toBeLessThan(SHUTDOWN_TIMEOUT_S * 1000);
}, 180_000);
