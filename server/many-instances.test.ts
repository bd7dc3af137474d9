import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImageDetail, ImagePage } from "#contracts/catalog";
import { testDatabase } from "../test/database.ts";
import { output, runScript, type Run } from "../test/processes.ts";
import { startS3 } from "../test/s3.ts";
import { scratchDir } from "../test/scratch-dir.ts";
import { cookiesFrom } from "./auth/test-accounts.ts";
import { SEED_LOCK } from "./catalog/demo/demo-catalog.ts";
import { freePort } from "./free-port.ts";
import { s3Storage } from "./media/s3-storage.ts";
import { solidImage } from "./media/test-images.ts";

/**
 * Two real servers (`server/main.ts` processes, as `npm start` runs them) behind an imagined
 * load balancer: one PostgreSQL, one S3 bucket, each its own DATA_DIR, the same AUTH_SECRET
 * and public origin. What one instance or an operator command changes, the other shows.
 */

/** How soon a change made through one instance (or a command) must show through the other. */
const WITHIN_MS = 1000;
/** The public origin both instances serve (the load balancer's); pages of the site send it as Origin. */
const SITE = "http://stockroom.test";
/**
 * The demo catalog the instances seed on the empty database: big enough that seeding it
 * outlasts the statement timeout below, while the other instance waits for its turn.
 */
const DEMO_IMAGES = 12;
/** DB_STATEMENT_TIMEOUT_MS, short: seeding takes longer than this (seconds, as it renders every image's variants). */
const STATEMENT_TIMEOUT_MS = 1000;

const database = await testDatabase({ migrated: false });
const s3 = await startS3();
/** What every instance and command shares; only what an operator's shell would hold besides (Vitest adds BASE_URL=/ and more). */
const shared = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATABASE_URL: database.url,
  AUTH_SECRET: "one-secret-for-every-instance-of-this-site",
  BASE_URL: SITE,
  DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
  ...s3.env,
};

interface Instance {
  run: Run;
  origin: string;
}

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const run = runScript("server/main.ts", { ...shared, DATA_DIR: scratchDir("instance"), HOST: "127.0.0.1", PORT: String(port), DEMO_IMAGES: String(DEMO_IMAGES), LOG_LEVEL: "info" });
  return { run, origin: `http://127.0.0.1:${port}` };
}

/** An operator command (`npm run import`, `npm run moderate`) on the shared database and bucket; its output. */
async function command(script: string, ...args: string[]): Promise<string> {
  const run = runScript(script, { ...shared, DATA_DIR: scratchDir("operator"), LOG_LEVEL: "error" }, args);
  const exit = await run.exit;
  if (exit.code !== 0) throw new Error(`${script} ${args.join(" ")} failed:\n${output(run)}`);
  return output(run);
}

/** A request as a page of the site sends it, through one instance. */
function call(instance: Instance, method: string, url: string, cookies?: string, json?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: SITE };
  if (cookies) headers.cookie = cookies;
  if (json !== undefined) headers["content-type"] = "application/json";
  return fetch(instance.origin + url, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
}

/**
 * Asks `instance` until `check` holds, for at most WITHIN_MS after `since`: the change must
 * show within that bound however loaded the machine is, and asking again costs little.
 */
async function shownWithin<T>(since: number, ask: () => Promise<T>, check: (answer: T) => boolean): Promise<T> {
  for (;;) {
    const answer = await ask();
    if (check(answer)) return answer;
    if (performance.now() - since > WITHIN_MS) throw new Error(`Not shown within ${WITHIN_MS} ms: ${JSON.stringify(answer).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const list = async (instance: Instance, cookies?: string) => (await (await call(instance, "GET", "/api/images?limit=100", cookies)).json()) as ImagePage;
const detail = async (instance: Instance, id: number) => {
  const res = await call(instance, "GET", `/api/images/${id}`);
  return { status: res.status, image: res.status === 200 ? ((await res.json()) as ImageDetail) : undefined };
};

let a: Instance;
let b: Instance;
let seedingMs: number;
/** What each instance's home page said the first time it was asked, before the demo catalog was complete. */
const firstHomePages: string[] = [];

beforeAll(async () => {
  // The seeding lock is held until both serve, as if seeding had begun elsewhere: both must serve meanwhile.
  const holder = await database.pool.connect();
  await holder.query("select pg_advisory_lock($1)", [SEED_LOCK]);
  // Both are launched at the same moment on a database that has never been migrated.
  [a, b] = await Promise.all([startInstance(), startInstance()]);
  await Promise.all(
    [a, b].map(async (i) => {
      await i.run.waitFor(/Stockroom is running at/);
      firstHomePages.push(await (await fetch(`${i.origin}/`)).text());
    }),
  );
  const released = performance.now();
  await holder.query("select pg_advisory_unlock($1)", [SEED_LOCK]);
  holder.release();
  // Then one generates the demo catalog while the other waits its turn.
  await Promise.all([a, b].map((i) => i.run.waitFor(/^Demo catalog: /)));
  seedingMs = performance.now() - released;
}, 300_000);

describe("two instances on one PostgreSQL and one bucket", () => {
  it("start together, migrate the database once and seed the demo catalog once, waiting for each other past the statement timeout", async () => {
    const { rows } = await database.pool.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    for (const instance of [a, b]) expect((await fetch(`${instance.origin}/healthz`)).status).toBe(200);
    // One of them seeded while the other waited for the seeding lock, longer than a statement may run.
    expect(seedingMs).toBeGreaterThan(STATEMENT_TIMEOUT_MS);
    const said = [a, b].map((i) => i.run.lines.find((l) => l.startsWith("Demo catalog: "))!.replace(/imported .*/, "imported"));
    expect(said.sort()).toEqual(["Demo catalog: generated by another instance", "Demo catalog: imported"]);
    // Both served meanwhile, their empty galleries saying what is under way.
    expect(firstHomePages).toHaveLength(2);
    for (const page of firstHomePages) expect(page).toContain("Generating the demo catalog: its images appear here as they are ready.");
    const { rows: demo } = await database.pool.query<{ n: number }>("select count(*)::int as n from images where source = 'demo'");
    expect(demo[0]!.n).toBe(DEMO_IMAGES);
  });

  it("share sessions, imports, likes and hides, each shown by the other within a second", async () => {
    // A person signs up through one instance; the next request lands on the other.
    const signUp = await call(a, "POST", "/api/auth/sign-up/email", undefined, { name: "Ada", email: "ada@example.test", password: "a long enough passphrase" });
    expect(signUp.status).toBe(200);
    const ada = cookiesFrom(signUp.headers);
    const likedByAda = await call(b, "GET", "/api/me/likes", ada);
    expect(likedByAda.status).toBe(200);
    expect(await call(b, "GET", "/api/me/likes")).toHaveProperty("status", 401);
    // Both have served (and kept) the demo gallery before anything is imported.
    for (const instance of [a, b]) expect((await list(instance)).items).toHaveLength(DEMO_IMAGES);

    // An operator imports a folder; both instances list it, and serve its files from the bucket.
    const folder = scratchDir("photos");
    await writeFile(path.join(folder, "harbour.jpg"), await solidImage(320, 200, "#204060", "jpeg"));
    await writeFile(path.join(folder, "meadow.jpg"), await solidImage(300, 200, "#40a040", "jpeg"));
    await writeFile(path.join(folder, "manifest.json"), JSON.stringify([{ file: "harbour.jpg", title: "Harbour at dawn" }, { file: "meadow.jpg", title: "Meadow in June" }]));
    expect(await command("cli/import.ts", "folder", folder, "--creator", "Grace")).toMatch(/imported 2, updated 0, skipped 0$/);
    const imported = performance.now();
    for (const instance of [a, b]) {
      const page = await shownWithin(imported, () => list(instance), (p) => p.items.length === DEMO_IMAGES + 2);
      expect(page.items.filter((i) => i.creator.name === "Grace").map((i) => i.title).sort()).toEqual(["Harbour at dawn", "Meadow in June"]);
    }
    const harbour = (await list(b)).items.find((i) => i.title === "Harbour at dawn")!;
    const file = await fetch(b.origin + harbour.src);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(harbour.src).toMatch(/^\/media\//);
    expect(await s3Storage(s3.settings).has(harbour.src.slice("/media/".length))).toBe(true);
    // The kept original (the upload, stripped and labelled at import) is read from the bucket by either instance.
    const [fromA, fromB] = await Promise.all([a, b].map((instance) => call(instance, "GET", `/api/images/${harbour.id}/download`, ada)));
    expect([fromA!.status, fromB!.status]).toEqual([200, 200]);
    const [bytesA, bytesB] = await Promise.all([fromA!, fromB!].map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(await sharp(bytesB).metadata()).toMatchObject({ format: "jpeg", width: 320, height: 200 });
    expect(bytesB!.equals(bytesA!)).toBe(true);

    // A like through one instance shows through the other: the count, and for Ada that she likes it.
    expect((await call(a, "PUT", `/api/images/${harbour.id}/like`, ada)).status).toBe(200);
    const liked = performance.now();
    await shownWithin(liked, () => detail(b, harbour.id), (d) => d.image?.likes === 1);
    await shownWithin(liked, () => list(b), (p) => p.items.find((i) => i.id === harbour.id)?.likes === 1);
    await shownWithin(liked, () => list(b, ada), (p) => p.items.find((i) => i.id === harbour.id)?.liked === true);

    // An operator hides it; it leaves both instances' lists and pages.
    expect(await command("cli/moderate.ts", "hide", String(harbour.id), "--reason", "copyright")).toBe(`Image ${harbour.id} is hidden; 0 open reports resolved.`);
    const hidden = performance.now();
    for (const instance of [a, b]) {
      await shownWithin(hidden, () => list(instance), (p) => p.items.every((i) => i.id !== harbour.id));
      await shownWithin(hidden, () => detail(instance, harbour.id), (d) => d.status === 404);
    }
  }, 240_000);
});
