import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { scratchDataDir } from "../e2e/server.ts";
import { freePort } from "../server/free-port.ts";

/**
 * `npm run bench:start`: a new user's first `npm start`, three times, each on an empty
 * DATA_DIR (a new embedded PostgreSQL, migrations, the demo catalog of DEMO_IMAGES images,
 * 150 by default): the time from `npm start` to the first page (the home page answers 200)
 * and to the whole demo catalog (the server's `Demo catalog:` line), and the server's own
 * `ready in` figure, and when the build, PostgreSQL's initdb and serving were done (the lines
 * that end them). The build is made once before the runs and is not part of the figures
 * (each `npm start` finds it up to date: that check is counted); `--with-build` makes every
 * run build the app (beside initdb, as `npm start` does), as on a fresh clone. `--checkout DIR` measures another checkout
 * (with its own node_modules), e.g. an older commit for a before/after. Figures, not
 * assertions: the machine's other work shows in them.
 */

const { values: flags } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "with-build": { type: "boolean", default: false },
    checkout: { type: "string" },
  },
});
const RUNS = Number(flags.runs);
const checkout = path.resolve(flags.checkout ?? ".");
/** Longest a run may take before it is given up. */
const RUN_MAX_MS = 600_000;

interface Timing {
  firstPage: number;
  demo: number;
  /** What the server's `Stockroom is running at … (ready in 9.8 s)` line says, when it says it. */
  ready: string | undefined;
  /** When each step's last line came, since `npm start`: the build, PostgreSQL's initdb, serving. */
  steps: Partial<Record<Step, number>>;
}

/** The lines that end each step of a first start. */
const stepLines = {
  built: /built in [\d.]+\s*m?s/,
  initdb: /^Initialised PostgreSQL in /,
  serving: /^Stockroom is running at /,
} as const;
type Step = keyof typeof stepLines;

async function oneRun(): Promise<Timing> {
  const dataDir = scratchDataDir();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  if (flags["with-build"]) rmSync(path.join(checkout, "build"), { recursive: true, force: true });
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: checkout,
    // A process group of its own: npm, its shell and the server are stopped together.
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BASE_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: "info", LOG_FORMAT: "text" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Its stderr (the progress bar, errors) is shown only when the run fails.
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  let demo: number | undefined;
  let ready: string | undefined;
  const steps: Timing["steps"] = {};
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const at = performance.now() - started;
    if (line.startsWith("Demo catalog: ")) demo = at;
    ready ??= /\(ready in ([\d.]+ s)\)/.exec(line)?.[1];
    for (const [step, pattern] of Object.entries(stepLines)) if (pattern.test(line)) steps[step as Step] = at;
  });
  try {
    let firstPage: number | undefined;
    while (firstPage === undefined || demo === undefined) {
      if (exited) throw new Error(`npm start exited during the run:\n${errors}`);
      if (performance.now() - started > RUN_MAX_MS) throw new Error(`Not done within ${RUN_MAX_MS / 1000} s:\n${errors}`);
      if (firstPage === undefined) {
        const status = await fetch(`${origin}/`).then(
          (res) => res.arrayBuffer().then(() => res.status),
          () => 0,
        );
        if (status === 200) firstPage = performance.now() - started;
      }
      await sleep(100);
    }
    return { firstPage, demo, ready, steps };
  } finally {
    if (!exited) process.kill(-child.pid!, "SIGTERM");
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!flags["with-build"]) spawnSync(process.execPath, ["scripts/build-if-changed.ts"], { cwd: checkout, stdio: "inherit" });
console.log(`First start of ${checkout}, ${RUNS} runs on an empty DATA_DIR (DEMO_IMAGES=${process.env.DEMO_IMAGES ?? 150}), build ${flags["with-build"] ? "included" : "made before, not included"}:`);
const timings: Timing[] = [];
for (let run = 1; run <= RUNS; run++) {
  const timing = await oneRun();
  timings.push(timing);
  const steps = Object.entries(timing.steps).map(([step, at]) => `${step} ${seconds(at)}`);
  console.log(`  run ${run}: first page ${seconds(timing.firstPage)}, whole demo catalog ${seconds(timing.demo)}${timing.ready ? ` (the server said ready in ${timing.ready})` : ""}`);
  if (steps.length) console.log(`    steps done at: ${steps.join(", ")}`);
}
console.log(`  median: first page ${seconds(median(timings.map((t) => t.firstPage)))}, whole demo catalog ${seconds(median(timings.map((t) => t.demo)))} (targets: 15 s and 60 s)`);
