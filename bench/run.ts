import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { listCursor, type ImagePage } from "#contracts/catalog";
import { loadConfig } from "../server/config.ts";
import { connect, createDatabaseIfMissing, migrateDatabase, withDatabase } from "../server/db/database.ts";
import { startEmbeddedPostgres } from "../server/db/embedded-postgres.ts";
import { createHttpApp } from "../server/http/app.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";
import { BUSY_CREATOR, fillCatalog, RARE_WORD } from "./catalog-fill.ts";
import { hugeDownloads } from "./huge-downloads.ts";
import { uploadMemory } from "./upload-memory.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { postgresCpuSeconds } from "./process-cpu.ts";

/**
 * `npm run bench`: the JSON API on 100,000 catalog rows, against a bare node:http server
 * sending the same bytes. Everything runs in a scratch folder, with its own embedded
 * PostgreSQL, and is removed at the end. Targets are printed beside the figures.
 */

/** `--rows N` (or BENCH_ROWS): the catalog's size; 100,000 by default, 1,000,000 for issue 10's figures. */
function rowsArgument(): number {
  const at = process.argv.indexOf("--rows");
  const value = at >= 0 ? process.argv[at + 1] : process.env.BENCH_ROWS;
  const rows = Number(value ?? 100_000);
  if (!Number.isInteger(rows) || rows < 1000) throw new Error(`--rows must be a whole number of at least 1000, not ${value}`);
  return rows;
}

const ROWS = rowsArgument();

/**
 * `--data-dir DIR`: the scratch folder (embedded PostgreSQL and all) is DIR, kept after the run, and
 * filled only when its catalog does not already hold ROWS images: a million rows take ~20 min to fill,
 * a second run on the same DIR measures at once (after applying any new migration).
 */
function dataDirArgument(): string | undefined {
  const at = process.argv.indexOf("--data-dir");
  return at >= 0 ? path.resolve(process.argv[at + 1] ?? ".") : undefined;
}

const KEPT_DIR = dataDirArgument();

/**
 * `--lines "three words, not kept|colour + orientation"`: only the lines whose names hold one of these texts
 * (the other benchmarks skipped); `--lines none` fills the catalog and stops.
 */
const LINES = process.argv.includes("--lines") ? (process.argv[process.argv.indexOf("--lines") + 1] ?? "").split("|") : undefined;
const measured = (name: string) => !LINES || LINES.some((text) => name.includes(text));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const WARMUP = Math.min(500, REQUESTS);
/** Fewer for lists read from PostgreSQL: a common word's count takes 60 ms of PostgreSQL's time, and 3,000 of them minutes. */
const NOT_KEPT_REQUESTS = Math.min(1000, REQUESTS);
/** Requests the server answers before the first line is measured: V8 optimises the hot paths only after thousands of calls, as in a server that has been running for a while. */
const SERVER_WARMUP = 5000;
const PAGE = 30;
const DEEP_PAGE = Math.min(500, Math.floor(ROWS / PAGE / 2));
const P95_TARGET_MS = 15;
/** Issue 10: every list read from PostgreSQL, on a million rows, within this p95. */
const NOT_KEPT_P95_TARGET_MS = 30;
const BARE_RATIO_TARGET = 0.5;

/** Bad input as issue 19 lists it: a query of 30 words, stop words, operators and quotes among them. */
const THIRTY_WORDS = 'the golden river at dusk & !forest a:* \\ \' "misty over the bridge of in a sunset ocean wave storm city street night lantern road train old calm blue';

/** Issue 19's bad input, each answered with a page or the empty state, never an error, and as fast as any search. */
const BAD_INPUT: Array<[string, string]> = [
  ["stop words only (the of at in a)", "the of at in a"],
  ["punctuation only", "!?.,;:-()[]{}*&|<>"],
  ["200 characters, one word", "mountain".repeat(25)],
  ["30 words", THIRTY_WORDS],
  ["emoji", "🌅 golden 🏔️ river 🌊"],
  ["right-to-left text (Arabic, Hebrew)", "غروب الشمس فوق الجبال נהר"],
  ["SQL", "golden'; drop table images; --"],
  ["tsquery syntax (a & !b)", "golden & !river"],
  ["tsquery prefix (a:*)", "gold:*"],
  ["a quote (')", "'"],
  ["a backslash (\\)", "\\"],
  ["unbalanced double quotes", '"golden river'],
];

const log = (line: string) => console.log(line);

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The load's figures, plus the CPU time this process (the server) and PostgreSQL spent per request. */
async function measure(url: string, requests: number, dataDir: string): Promise<LoadResult & { cpuMicros: number; postgresMicros: number }> {
  await runLoad({ url, connections: CONNECTIONS, requests: Math.min(WARMUP, requests) });
  const cpu = process.cpuUsage();
  const postgresSeconds = postgresCpuSeconds(dataDir);
  const result = await runLoad({ url, connections: CONNECTIONS, requests });
  const used = process.cpuUsage(cpu);
  const postgresMicros = ((postgresCpuSeconds(dataDir) - postgresSeconds) * 1e6) / result.requests;
  if (result.failures) throw new Error(`${result.failures} of ${result.requests} answers to ${url} were not 200`);
  return { ...result, cpuMicros: (used.user + used.system) / result.requests, postgresMicros };
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
}

async function main() {
  if (KEPT_DIR) mkdirSync(KEPT_DIR, { recursive: true });
  const dir = KEPT_DIR ?? mkdtempSync(path.join(tmpdir(), "stockroom-bench-"));
  chmodSync(dir, 0o755); // PostgreSQL may run as another user, who must reach its folder
  const postgres = await startEmbeddedPostgres({ dir: path.join(dir, "postgres"), password: "bench" });
  const closers: Array<() => Promise<void>> = [async () => {
      if (!KEPT_DIR) rmSync(dir, { recursive: true, force: true });
    }, () => postgres.stop()];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping${KEPT_DIR ? "" : `, removing ${dir}`}`);
      void closeAll().then(() => process.exit(130));
    });
  }
  try {
    await createDatabaseIfMissing(postgres.url, "bench");
    const url = withDatabase(postgres.url, "bench");
    const database = connect(url);
    closers.push(() => database.close());
    await migrateDatabase(database.pool);

    let started = performance.now();
    const client = await database.pool.connect();
    try {
      const { rows: filled } = await client.query<{ count: number }>("select count(*)::int as count from images");
      if (filled[0]!.count === ROWS) log(`${ROWS.toLocaleString("en")} catalog rows already in ${dir}`);
      else if (filled[0]!.count > 0) throw new Error(`${dir} holds ${filled[0]!.count} images, not ${ROWS}: use another --data-dir`);
      else {
        log(`Filling ${ROWS.toLocaleString("en")} catalog rows${KEPT_DIR ? ` (kept in ${dir})` : ""}...`);
        let step: { name: string; started: number } | undefined;
        const done = () => step && log(`  ${step.name}: ${((performance.now() - step.started) / 1000).toFixed(1)} s`);
        await fillCatalog(client, ROWS, (name) => {
          done();
          step = { name, started: performance.now() };
        });
        done();
        log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      client.release();
    }
    if (LINES?.join() === "none") return;

    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: url,
      BASE_URL: "http://localhost:3000",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      LOG_LEVEL: "error",
    });
    /** The API as `npm start` serves it, or with every list read from PostgreSQL (`keepLists: false`). */
    const serve = async (keepLists: boolean) => {
      const services = createServices({ config, database, log: createLogger("error"), keepLists });
      closers.push(() => services.close());
      const app = createHttpApp({ services, build: () => Promise.reject(new Error("The benchmark serves the API only")) });
      const server = http.createServer(app);
      const url = await listen(server);
      closers.push(() => new Promise((resolve) => server.close(() => resolve())));
      return { services, url };
    };
    const { services, url: appUrl } = await serve(true);
    const { url: uncachedUrl } = await serve(false);

    started = performance.now();
    let cursor: string | null = null;
    for (let page = 1; page < DEEP_PAGE; page++) {
      const next: ImagePage = await services.catalog.list({ limit: PAGE, cursor: cursor ? listCursor.parse(cursor) : undefined });
      cursor = next.nextCursor;
    }
    log(`  cursor of page ${DEEP_PAGE} found in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const firstPage = Buffer.from(await (await fetch(`${appUrl}/api/images`)).arrayBuffer());
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": firstPage.length, "cache-control": "no-store" });
      res.end(firstPage);
    });
    const bareUrl = await listen(bare);
    closers.push(() => new Promise((resolve) => bare.close(() => resolve())));

    const scenarios = (origin: string): Array<[string, string]> => [
      ["first page", `${origin}/api/images`],
      [`deep cursor (page ${DEEP_PAGE})`, `${origin}/api/images?cursor=${cursor}`],
      ["tag filter (river)", `${origin}/api/images?tag=river`],
      ["search, common word (golden)", `${origin}/api/images?q=golden`],
      [`search, rare word (${RARE_WORD})`, `${origin}/api/images?q=${RARE_WORD}`],
      ["search, two characters (an)", `${origin}/api/images?q=an`],
      ["search, two words (river golden)", `${origin}/api/images?q=river%20golden`],
      ["search, three words (golden river forest)", `${origin}/api/images?q=golden%20river%20forest`],
      ["search, a typo (montain)", `${origin}/api/images?q=montain`],
      ['search, a quoted phrase ("golden river")', `${origin}/api/images?q=%22golden%20river%22`],
      [`creator page (${BUSY_CREATOR})`, `${origin}/api/creators/${encodeURIComponent(BUSY_CREATOR)}`],
    ];
    /** Lists narrowed by orientation and colour (issue 12), alone and with a tag or a search. */
    const filterScenarios = (origin: string): Array<[string, string]> => [
      ["orientation (square)", `${origin}/api/images?orientation=square`],
      ["colour, common (red)", `${origin}/api/images?color=red`],
      ["colour, rare (white)", `${origin}/api/images?color=white`],
      ["colour + orientation (white, portrait)", `${origin}/api/images?color=white&orientation=portrait`],
      ["tag + colour (river, white)", `${origin}/api/images?tag=river&color=white`],
      ["search + both (golden, white, square)", `${origin}/api/images?q=golden&color=white&orientation=square`],
    ];
    log(
      `\nClosed loop: ${CONNECTIONS} connections, ${REQUESTS} requests per line after ${WARMUP} to warm up; ` +
        `${availableParallelism()} cores; first page ${(firstPage.length / 1024).toFixed(1)} KiB of JSON; ` +
        `the server answered ${SERVER_WARMUP} requests before the first line.`,
    );
    await runLoad({ url: `${appUrl}/api/images`, connections: CONNECTIONS, requests: SERVER_WARMUP });
    const widths = [40, 8, 8, 8, 8, 13, 11, 11];
    const results = new Map<string, LoadResult & { cpuMicros: number }>();
    const table = async (title: string, lines: Array<[string, string]>, requests: number, p95Target = P95_TARGET_MS) => {
      log(`\n${title}\n${row(["", "req/s", "p50 ms", "p95 ms", "p99 ms", "p95 target", "server CPU", "PG CPU"], widths)}`);
      for (const [name, target] of lines.filter(([name]) => measured(name))) {
        const result = await measure(target, requests, dir);
        results.set(name, result);
        const ok = result.p95 <= p95Target ? "ok" : "MISSED";
        log(
          row(
            [
              name,
              (result.requests / result.seconds).toFixed(0),
              result.p50.toFixed(2),
              result.p95.toFixed(2),
              result.p99.toFixed(2),
              `<= ${p95Target} ${ok}`,
              `${(result.cpuMicros / 1000).toFixed(2)} ms`,
              `${(result.postgresMicros / 1000).toFixed(2)} ms`,
            ],
            widths,
          ),
        );
      }
    };
    await table("As served (lists kept between catalog changes):", [...scenarios(appUrl), ["bare node:http, same bytes", bareUrl]], REQUESTS);
    const first = results.get("first page");
    const bareResult = results.get("bare node:http, same bytes");
    const ratio = first && bareResult && first.requests / first.seconds / (bareResult.requests / bareResult.seconds);
    if (first && bareResult && ratio) log(
      `\nFirst page / bare server throughput: ${(ratio * 100).toFixed(0)}% ` +
        `(target >= ${BARE_RATIO_TARGET * 100}%: ${ratio >= BARE_RATIO_TARGET ? "ok" : "MISSED"}); ` +
        `by server CPU per request: ${((bareResult.cpuMicros / first.cpuMicros) * 100).toFixed(0)}%.` +
        `\nServer CPU is this process's time per request, PG CPU PostgreSQL's (all its processes); ` +
        `they stay meaningful when other programs share the machine, the other columns do not.`,
    );
    await table(
      `Every request reading PostgreSQL (lists not kept: what a request costs after each catalog change), ${NOT_KEPT_REQUESTS} requests per line:`,
      scenarios(uncachedUrl).map(([name, target]) => [`${name}, not kept`, target]),
      NOT_KEPT_REQUESTS,
      NOT_KEPT_P95_TARGET_MS,
    );
    await table("Lists narrowed by orientation and colour, as served:", filterScenarios(appUrl), REQUESTS);
    await table(
      `Lists narrowed by orientation and colour, every request reading PostgreSQL, ${NOT_KEPT_REQUESTS} requests per line:`,
      filterScenarios(uncachedUrl).map(([name, target]) => [`${name}, not kept`, target]),
      NOT_KEPT_REQUESTS,
      NOT_KEPT_P95_TARGET_MS,
    );
    await table(
      `Bad input (issue 19), every request reading PostgreSQL, ${NOT_KEPT_REQUESTS} requests per line:`,
      BAD_INPUT.map(([name, q]) => [`search, ${name}, not kept`, `${uncachedUrl}/api/images?q=${encodeURIComponent(q)}`]),
      NOT_KEPT_REQUESTS,
      NOT_KEPT_P95_TARGET_MS,
    );
    if (LINES) return;
    await hugeDownloads(log);
    await uploadMemory(log);
  } finally {
    await closeAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
