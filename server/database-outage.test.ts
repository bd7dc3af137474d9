import { existsSync, mkdtempSync, chmodSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import type { ImagePage } from "#contracts/catalog";
import { serverProcesses } from "../test/processes.ts";
import { connect, createDatabaseIfMissing, withDatabase } from "./db/database.ts";
import { CHANGE_FEED_APPLICATION_NAME } from "./db/change-feed.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres.ts";
import { freePort } from "./free-port.ts";

/**
 * PostgreSQL going away under traffic, and coming back: Debian's PostgreSQL 15 (the oldest we
 * promise), stopped and started again on the same port and data folder inside the test, while
 * a client keeps asking a real server process (DATABASE_URL) for pages, lists, media and
 * readiness. Nothing answers 500, nothing takes longer than a couple of seconds, the process
 * stays up, and it serves again by itself once PostgreSQL is back.
 */

const postgres15 = process.env.POSTGRES15_BIN ?? "/usr/lib/postgresql/15/bin";
/** Longest any answer may take, PostgreSQL away or not (DB_CONNECT_TIMEOUT_MS is 1 s below). */
const ANSWER_WITHIN_MS = 3000;

describe.skipIf(!existsSync(path.join(postgres15, "postgres")) && !process.env.CI)("a PostgreSQL outage", () => {
  const pgDir = mkdtempSync(path.join(tmpdir(), "stockroom-outage-pg-"));
  chmodSync(pgDir, 0o755); // PostgreSQL may run as another user, who must reach its folder
  const startPostgres = (port?: number) => startEmbeddedPostgres({ dir: path.join(pgDir, "data"), password: "outage", binDir: postgres15, port });
  let postgres: EmbeddedPostgres;
  afterAll(async () => {
    await postgres?.stop();
    rmSync(pgDir, { recursive: true, force: true });
  });
  const { run } = serverProcesses("outage");

  interface Answer {
    status: number;
    ms: number;
    retryAfter: string | null;
    type: string | null;
    body: string;
  }
  let base = "";
  async function get(url: string): Promise<Answer> {
    const started = performance.now();
    const res = await fetch(base + url, { signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get("retry-after"), type: res.headers.get("content-type"), body };
  }

  it("answers 503 with Retry-After while PostgreSQL is away, keeps serving kept pages and local media, and recovers by itself", async () => {
    postgres = await startPostgres();
    await createDatabaseIfMissing(postgres.url, "stockroom");
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const server = run("server/main.ts", {
      DATABASE_URL: withDatabase(postgres.url, "stockroom"),
      PORT: String(port),
      BASE_URL: base,
      DEMO_IMAGES: "2",
      DB_CONNECT_TIMEOUT_MS: "1000",
      LOG_LEVEL: "info",
    });
    onTestFailed(() => console.log(`The server's last lines:\n${server.lines.slice(-30).join("\n")}`));
    await server.waitFor(/^Demo catalog: /);

    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ name: "Outage Person", email: "outage@example.test", password: "a long enough passphrase" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const list = JSON.parse((await get("/api/images?limit=2")).body) as ImagePage;
    const media = list.items[0]!.src;
    // The home page is kept for anonymous visitors from its first request on.
    const home = await get("/");
    expect(home.status).toBe(200);

    // A client that never stops asking, through the outage and after it.
    const paths = ["/", "/api/images?limit=2", media, "/readyz", "/healthz"];
    const answers: Array<Answer & { path: string }> = [];
    let asking = true;
    const client = (async () => {
      for (let i = 0; asking; i++) {
        const path = paths[i % paths.length]!;
        answers.push({ path, ...(await get(path)) });
      }
    })();
    await sleep(500);

    await postgres.stop();
    const away = performance.now();
    // Readiness notices within the balancer's few seconds.
    let readyz = await get("/readyz");
    while (readyz.status !== 503 && performance.now() - away < 10_000) readyz = await get("/readyz");
    expect(readyz.status).toBe(503);
    expect(JSON.parse(readyz.body)).toMatchObject({ status: "unavailable", reason: expect.stringMatching(/^PostgreSQL is unavailable/) });

    const apiList = await get("/api/images?limit=2");
    expect(apiList.status).toBe(503);
    expect(Number(apiList.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(apiList.body)).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) } });
    // A page that needs PostgreSQL and was never kept: the plain error page.
    const search = await get("/?q=nothing-kept-for-this");
    expect(search.status).toBe(503);
    expect(Number(search.retryAfter)).toBeGreaterThan(0);
    expect(search.type).toMatch(/^text\/html/);
    expect(search.body).not.toMatch(/<script/);
    // Accounts need PostgreSQL too: Better Auth's endpoints answer the same 503.
    for (const [what, init] of [
      ["a session", { headers: { cookie } }],
      ["a sign-in", { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email: "outage@example.test", password: "a long enough passphrase" }) }],
    ] as const) {
      const url = what === "a session" ? "/api/auth/get-session" : "/api/auth/sign-in/email";
      const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(30_000) });
      expect(res.status, `${what}: ${await res.clone().text()}`).toBe(503);
      expect(Number(res.headers.get("retry-after")), what).toBeGreaterThan(0);
      expect(await res.json(), what).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) } });
    }
    // What was kept, and the media on local disk, are served as before.
    expect(await get("/")).toMatchObject({ status: 200, type: home.type });
    expect((await get(media)).status).toBe(200);
    expect((await get("/healthz")).status).toBe(200);
    await sleep(2000);
    expect(server.child.exitCode).toBeNull();

    postgres = await startPostgres(postgres.port);
    const back = performance.now();
    let ready = await get("/readyz");
    while (ready.status !== 200 && performance.now() - back < 20_000) ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect((await get("/api/images?limit=2")).status).toBe(200);
    expect((await get("/?q=nothing-kept-for-this")).status).toBe(200);
    // The change feed listens again (its connection shows in pg_stat_activity).
    const admin = connect(postgres.url, 1);
    let listening = 0;
    while (listening === 0 && performance.now() - back < 20_000) {
      const { rows } = await admin.pool.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = $1 and query ilike 'listen%'", [CHANGE_FEED_APPLICATION_NAME]);
      listening = rows[0]!.n;
      if (!listening) await sleep(200);
    }
    await admin.close();
    expect(listening).toBe(1);

    asking = false;
    await client;
    expect(server.child.exitCode).toBeNull();
    const during = answers.filter((a) => a.path === "/api/images?limit=2").map((a) => a.status);
    expect(during).toContain(503);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.ms > ANSWER_WITHIN_MS).map((a) => `${a.path}: ${Math.round(a.ms)} ms`)).toEqual([]);
    // The kept home page, local media and liveness never failed.
    expect(answers.filter((a) => a.path !== "/api/images?limit=2" && a.path !== "/readyz" && a.status !== 200)).toEqual([]);
  }, 240_000);
});
