import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { LikeState } from "#contracts/engagement";
import type { ImagePage } from "#contracts/catalog";
import { serverProcesses, type Run } from "../test/processes.ts";
import { runningServerUrl } from "./db/cli-database.ts";
import { connect } from "./db/database.ts";
import { freePort } from "./free-port.ts";

/**
 * Crashes under load: the real server on a scratch DATA_DIR with a small demo catalog, a storm
 * of likes, unlikes and downloads from many accounts, and the server process SIGKILLed again
 * and again mid-storm, then restarted on the same DATA_DIR (its embedded PostgreSQL, orphaned
 * by each kill, stopped and recovered). Whatever the server acknowledged must hold afterwards,
 * and every count must equal its rows.
 */

const ACCOUNTS = 16;
const KILLS = 5;
const PASSWORD = "a long enough passphrase";

const { dataDir, run } = serverProcesses("crash");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { PORT: String(port), BASE_URL: base, DEMO_IMAGES: "6", LOG_LEVEL: "info", AUTH_RATE_LIMIT_PER_IP: "100000" };

/** Starts the server and waits until it answers its health check; how long that took. */
async function start(): Promise<{ server: Run; ms: number }> {
  const started = performance.now();
  const server = run("server/main.ts", env);
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`The server exited during start-up:\n${server.lines.join("\n")}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { server, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

const call = (method: string, path: string, cookies?: string, json?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { origin: base, ...(cookies ? { cookie: cookies } : {}), ...(json === undefined ? {} : { "content-type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(60_000),
  });

interface Account {
  id: string;
  cookies: string;
}

async function signUp(n: number): Promise<Account> {
  const res = await call("POST", "/api/auth/sign-up/email", undefined, { name: `Stormer ${n}`, email: `stormer${n}@example.test`, password: PASSWORD });
  expect(res.status).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, cookies: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

/** Per image: stored counts and rows, read from the server's own PostgreSQL. */
async function counts() {
  const database = connect(runningServerUrl(dataDir)!, 1);
  try {
    const { rows } = await database.pool.query<{ id: number; likes: number; like_rows: number; downloads: number; download_rows: number }>(
      `select i.id, i.likes, i.downloads,
              (select count(*) from likes l where l.image_id = i.id)::int as like_rows,
              (select count(*) from download_events d where d.image_id = i.id)::int as download_rows
       from images i order by i.id`,
    );
    const liked = await database.pool.query<{ user_id: string; image_id: number }>("select user_id, image_id from likes");
    return { images: rows, liked: new Set(liked.rows.map((r) => `${r.user_id}/${r.image_id}`)) };
  } finally {
    await database.close();
  }
}

describe("crashes under load", () => {
  it(
    `keeps every acknowledged like and unlike, and counts equal to rows, through ${KILLS} SIGKILLs mid-storm`,
    async () => {
      let { server } = await start();
      await server.waitFor(/^Demo catalog: /);
      const accounts: Account[] = [];
      for (let n = 1; n <= ACCOUNTS; n++) accounts.push(await signUp(n));
      const { items } = (await (await call("GET", "/api/images?limit=100")).json()) as ImagePage;
      const imageIds = items.map((i) => i.id);
      expect(imageIds.length).toBeGreaterThan(0);
      const before = await counts();

      /** Per account and image: the last acknowledged state, unless a later request's fate is unknown. */
      const acknowledged = new Map<string, { liked: boolean; certain: boolean }>();
      const downloadsAcknowledged = new Map<number, number>();
      const tally = { sent: 0, acknowledged: 0, unanswered: 0, refused: 0 };
      const wrongAnswers: string[] = [];
      let storming = true;

      const storm = async (account: Account) => {
        while (storming) {
          const image = imageIds[Math.floor(Math.random() * imageIds.length)]!;
          const key = `${account.id}/${image}`;
          const roll = Math.random();
          const action = roll < 0.45 ? "PUT" : roll < 0.8 ? "DELETE" : "download";
          tally.sent++;
          try {
            if (action === "download") {
              const res = await call("GET", `/api/images/${image}/download`, account.cookies);
              await res.arrayBuffer();
              if (res.status !== 200) throw new Error(`status ${res.status}`);
              downloadsAcknowledged.set(image, (downloadsAcknowledged.get(image) ?? 0) + 1);
            } else {
              const res = await call(action, `/api/images/${image}/like`, account.cookies);
              if (res.status !== 200) throw new Error(`status ${res.status}`);
              const state = (await res.json()) as LikeState;
              if (state.liked !== (action === "PUT")) wrongAnswers.push(`${action} ${key} answered ${JSON.stringify(state)}`);
              acknowledged.set(key, { liked: state.liked, certain: true });
            }
            tally.acknowledged++;
          } catch (error) {
            // Killed mid-request (or not up yet): whether it was written is unknown.
            if (String(error).includes("status")) tally.refused++;
            else tally.unanswered++;
            const last = acknowledged.get(key);
            if (last && action !== "download") last.certain = false;
            await sleep(200);
          }
        }
      };
      const storms = Promise.all(accounts.map(storm));

      const recoveries: number[] = [];
      for (let kill = 0; kill < KILLS; kill++) {
        await sleep(2000 + Math.random() * 3000);
        server.child.kill("SIGKILL");
        expect((await server.exit).signal).toBe("SIGKILL");
        const restarted = await start();
        server = restarted.server;
        recoveries.push(restarted.ms);
      }
      await sleep(2000);
      storming = false;
      await storms;

      const after = await counts();
      const byId = new Map(before.images.map((i) => [i.id, i]));
      for (const image of after.images) {
        const was = byId.get(image.id)!;
        expect(image.likes, `likes of image ${image.id}`).toBe(image.like_rows);
        expect(image.downloads - was.downloads, `downloads of image ${image.id}`).toBe(image.download_rows - was.download_rows);
        expect(image.download_rows - was.download_rows).toBeGreaterThanOrEqual(downloadsAcknowledged.get(image.id) ?? 0);
      }
      let checked = 0;
      for (const [key, { liked, certain }] of acknowledged) {
        if (!certain) continue;
        checked++;
        expect(after.liked.has(key), `acknowledged ${liked ? "like" : "unlike"} ${key}`).toBe(liked);
      }
      expect(tally.acknowledged).toBeGreaterThan(0);
      expect(wrongAnswers).toEqual([]);

      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      console.log(
        `crash test: ${tally.sent} requests from ${ACCOUNTS} accounts on ${imageIds.length} images, ${tally.acknowledged} acknowledged ` +
          `(${[...downloadsAcknowledged.values()].reduce((a, b) => a + b, 0)} downloads), ${tally.unanswered} unanswered, ${tally.refused} refused; ` +
          `${KILLS} SIGKILLs, ${recoveries.length} restarts, back up after ${recoveries.map(seconds).join(" s, ")} s; ` +
          `${checked} acknowledged final like states checked, all held`,
      );

      server.child.kill("SIGTERM");
      expect(await server.exit).toEqual({ code: 0, signal: null });
    },
    900_000,
  );
});
