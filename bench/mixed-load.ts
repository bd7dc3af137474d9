import { rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { buildIfChanged } from "../scripts/build-if-changed.ts";
import { scratchDataDir, startServer } from "../e2e/server.ts";
import { runningServerUrl } from "../server/db/cli-database.ts";
import { connect } from "../server/db/database.ts";
import { freePort } from "../server/free-port.ts";
import { fillCatalog } from "./catalog-fill.ts";
import { openLoop, type KindFigures, type PlannedRequest } from "./open-loop.ts";
import { cpuSeconds, postgresCpuSeconds } from "./process-cpu.ts";

/**
 * `npm run bench:load [-- --rate 200 --duration 30 --warmup 5 --rows 20000 --accounts 20]`:
 * open-loop mixed traffic at a fixed rate against the built app started as `npm start`
 * starts it, on a scratch DATA_DIR whose catalog bench/catalog-fill.ts fills (metadata only:
 * pages and lists, no image files). Prints the achieved rate, p50/p95/p99 from each request's
 * due time, errors, and the CPU the server and its PostgreSQL used. Everything is removed after.
 */

const { values: flags } = parseArgs({
  options: {
    rate: { type: "string", default: "200" },
    duration: { type: "string", default: "30" },
    warmup: { type: "string", default: "5" },
    rows: { type: "string", default: "20000" },
    accounts: { type: "string", default: "20" },
    /** Metrics (scraped every 5 s, as Prometheus would) and JSON logs with a line per request on: what they cost. */
    observed: { type: "boolean", default: false },
  },
});
const number = (name: keyof typeof flags) => {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got "${flags[name]}"`);
  return value;
};
const RATE = number("rate");
const DURATION = number("duration");
const WARMUP = number("warmup");
const ROWS = number("rows");
const ACCOUNTS = number("accounts");
const TARGET = { rate: 200, p99: 250 };

const log = (line: string) => console.log(line);

/** The mix, by weight (105 parts): what visitors and the pages' own scripts ask for (a creator page asks for its totals as it opens). */
const MIX: Array<[kind: string, weight: number]> = [
  ["home page", 15],
  ["search page", 8],
  ["search page, 2 letters", 4],
  ["tag page", 10],
  ["image page", 20],
  ["creator page", 5],
  ["API creator totals", 5],
  ["API list page", 10],
  ["API search", 6],
  ["API suggestions, 2 letters", 8],
  ["API image detail", 4],
  ["like / unlike (signed in)", 10],
];

interface Catalog {
  images: Array<{ id: number; slug: string }>;
  tags: string[];
  words: string[];
  creators: string[];
  pairs: string[];
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const q = encodeURIComponent;

function planner(catalog: Catalog, accounts: string[], origin: string): () => PlannedRequest {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const page = (kind: string, path: string): PlannedRequest => ({ kind, method: "GET", path, headers: { accept: "text/html", "accept-encoding": "gzip, br" } });
  const api = (kind: string, path: string): PlannedRequest => ({ kind, method: "GET", path, headers: { "accept-encoding": "gzip, br" } });
  const plans: Record<string, () => PlannedRequest> = {
    "home page": () => page("home page", "/"),
    "search page": () => page("search page", `/?q=${q(pick(catalog.words))}`),
    "search page, 2 letters": () => page("search page, 2 letters", `/?q=${pick(catalog.pairs)}`),
    "tag page": () => page("tag page", `/?tag=${q(pick(catalog.tags))}`),
    "image page": () => {
      const image = pick(catalog.images);
      return page("image page", `/images/${image.id}-${image.slug}`);
    },
    "creator page": () => page("creator page", `/creator/${q(pick(catalog.creators))}`),
    "API creator totals": () => api("API creator totals", `/api/creators/${q(pick(catalog.creators))}/totals`),
    "API list page": () => api("API list page", `/api/images?limit=30${Math.random() < 0.5 ? `&tag=${q(pick(catalog.tags))}` : ""}`),
    "API search": () => api("API search", `/api/images?q=${q(pick(catalog.words))}`),
    "API suggestions, 2 letters": () => api("API suggestions, 2 letters", `/api/tags/suggestions?q=${pick(catalog.pairs)}`),
    "API image detail": () => api("API image detail", `/api/images/${pick(catalog.images).id}`),
    "like / unlike (signed in)": () => ({
      kind: "like / unlike (signed in)",
      method: Math.random() < 0.6 ? "PUT" : "DELETE",
      path: `/api/images/${pick(catalog.images).id}/like`,
      headers: { origin, cookie: pick(accounts) },
    }),
  };
  return () => {
    let roll = Math.random() * total;
    for (const [kind, weight] of MIX) {
      roll -= weight;
      if (roll < 0) return plans[kind]!();
    }
    return plans[MIX[0]![0]]!();
  };
}

async function prepare(dataDir: string): Promise<Catalog> {
  const database = connect(runningServerUrl(dataDir)!, 1);
  try {
    const client = await database.pool.connect();
    try {
      await fillCatalog(client, ROWS, (step) => log(`  ${step}`));
    } finally {
      client.release();
    }
    const images = await database.pool.query<{ id: number; slug: string }>(
      "select id, slug from images where status = 'published' order by random() limit 1000",
    );
    const tags = await database.pool.query<{ name: string }>("select name from tags");
    const creators = await database.pool.query<{ name: string }>("select name from creators");
    const tagNames = tags.rows.map((r) => r.name);
    const words = tagNames.filter((name) => !name.includes(" "));
    const pairs = [...new Set(words.map((word) => word.slice(0, 2)))];
    return { images: images.rows, tags: tagNames, words, creators: creators.rows.map((r) => r.name), pairs };
  } finally {
    await database.close();
  }
}

async function signUp(origin: string, n: number): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ name: `Visitor ${n}`, email: `visitor${n}@example.test`, password: "a long enough passphrase" }),
  });
  if (res.status !== 200) throw new Error(`Sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const row = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(28) : cell.padStart(8))).join("  ");
const figureCells = (name: string, f: KindFigures) => row([name, String(f.count), ms(f.p50), ms(f.p95), ms(f.p99), String(f.errors)]);

async function main() {
  buildIfChanged();
  const dataDir = scratchDataDir();
  let stop = async () => {};
  const cleanUp = async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping, removing ${dataDir}`);
      void cleanUp().then(() => process.exit(130));
    });
  }
  try {
    const metricsPort = await freePort();
    const observed = flags.observed ? { LOG_LEVEL: "info", LOG_FORMAT: "json", METRICS_PORT: String(metricsPort) } : {};
    const server = await startServer({
      port: await freePort(),
      dataDir,
      env: { DEMO_IMAGES: "0", LOG_LEVEL: "error", AUTH_RATE_LIMIT_PER_IP: "100000", ...observed },
    });
    stop = server.stop;
    log(`Filling ${ROWS.toLocaleString("en")} catalog rows...`);
    const catalog = await prepare(dataDir);
    const accounts: string[] = [];
    for (let n = 1; n <= ACCOUNTS; n++) accounts.push(await signUp(server.baseUrl, n));
    const next = planner(catalog, accounts, server.baseUrl);

    log(`Warming up: ${WARMUP} s at ${RATE} requests/s...`);
    await openLoop({ origin: server.baseUrl, rate: RATE, seconds: WARMUP, next });

    log(`Measuring: ${DURATION} s at ${RATE} requests/s, open loop (latency from each request's due time)...`);
    const cpuBefore = { server: cpuSeconds(server.pid), postgres: postgresCpuSeconds(dataDir), generator: process.cpuUsage() };
    const started = performance.now();
    const scrapes = flags.observed ? setInterval(() => void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()), 5000) : undefined;
    const result = await openLoop({ origin: server.baseUrl, rate: RATE, seconds: DURATION, next });
    clearInterval(scrapes);
    const wall = (performance.now() - started) / 1000;
    const cpu = {
      server: (cpuSeconds(server.pid) - cpuBefore.server) / wall,
      postgres: (postgresCpuSeconds(dataDir) - cpuBefore.postgres) / wall,
      generator: ((({ user, system }) => user + system)(process.cpuUsage(cpuBefore.generator)) / 1e6) / wall,
    };

    log("");
    log(row(["", "answers", "p50", "p95", "p99", "errors"]));
    for (const [kind] of MIX) {
      const figures = result.kinds.get(kind);
      if (figures) log(figureCells(kind, figures));
    }
    log(figureCells("all", result.total));
    log("");
    log(`Achieved rate: ${result.achievedRate.toFixed(1)} answers/s of ${RATE} asked (${result.sent} requests in ${result.seconds.toFixed(1)} s)`);
    log(`Errors: ${result.total.errors}${result.errors.size ? ` (${[...result.errors].map(([what, n]) => `${what}: ${n}`).join(", ")})` : ""}`);
    log(
      `CPU: server ${(cpu.server * 100).toFixed(0)}% of a core, PostgreSQL ${(cpu.postgres * 100).toFixed(0)}%, this load generator ${(cpu.generator * 100).toFixed(0)}% ` +
        `(${ROWS.toLocaleString("en")} rows; ${availableParallelism()} cores in all)`,
    );
    log(`Generator: sent each request at most ${ms(result.maxSendLag)} after its due time`);
    const met = result.total.errors === 0 && result.total.p99 <= TARGET.p99 && RATE >= TARGET.rate && result.achievedRate >= RATE * 0.98;
    log(`Target: ${TARGET.rate} requests/s with 0 errors and p99 <= ${TARGET.p99} ms: ${met ? "met" : "not met"}`);
  } finally {
    await cleanUp();
  }
}

await main();
