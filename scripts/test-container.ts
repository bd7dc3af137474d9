import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded-postgres.ts";
import { freePort } from "../server/free-port.ts";
import { buildStandInBase, dockerfileBase, imageExists } from "./container-base-image.ts";

/**
 * `npm run test:container`: Stockroom's image built and run by a real Docker engine, checked
 * as an operator would check it. It installs nothing: it names what is missing and how to get
 * it. It starts `dockerd` when no engine answers (and stops it at the end). When the engine
 * lacks the Dockerfile's base image it pulls it, or, where registry images cannot be pulled,
 * builds a local stand-in (scripts/container-base-image.ts). Then it builds the image, checks
 * its size, and runs it twice: with the embedded PostgreSQL under its volume, and with
 * DATABASE_URL to Debian's PostgreSQL 15 on this machine. Each time Docker's health check,
 * /healthz, /readyz, the first page, a sign-up, an operator command and two pages must pass, and
 * `docker stop` must end it cleanly. Containers, volumes, the PostgreSQL and its files are
 * removed at the end; the images stay as the next run's cache.
 */

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const IMAGE = "stockroom:container-test";
/** The issue's limit for the image, in Docker's megabytes. */
const MAX_IMAGE_BYTES = 450_000_000;
/** Debian's PostgreSQL 15, as `npm test` finds it. */
const postgres15 = process.env.POSTGRES15_BIN ?? "/usr/lib/postgresql/15/bin";
const started = performance.now();

function say(line: string) {
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
}

/**
 * The host's address on Docker's default bridge, which containers reach it by. The network
 * names it, except after a daemon's first start on a machine (Docker 20.10 leaves the gateway
 * out of a bridge it has just created): then it is the subnet's first address, which Docker
 * gives the bridge's interface.
 */
async function bridgeGateway(): Promise<string> {
  const [gateway, subnet] = (await docker("network", "inspect", "bridge", "--format", "{{range .IPAM.Config}}{{.Gateway}}|{{.Subnet}}{{end}}")).split("|");
  if (gateway) return gateway;
  const network = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(subnet ?? "");
  if (!network) throw new Error(`Docker's bridge network names no gateway, and no IPv4 subnet (${subnet || "none"})`);
  const first = (network.slice(1, 5).reduce((n, part) => n * 256 + Number(part), 0) + 1) >>> 0;
  return [24, 16, 8, 0].map((shift) => (first >>> shift) & 255).join(".");
}

async function docker(...args: string[]): Promise<string> {
  try {
    return (await run("docker", args, { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error).trim();
    throw new Error(`docker ${args.slice(0, 2).join(" ")} failed: ${stderr}`);
  }
}

async function engineAnswers(): Promise<boolean> {
  return run("docker", ["info"]).then(
    () => true,
    () => false,
  );
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}

/** What this machine lacks, each with how to get it; empty when everything is there. */
function missingPrerequisites(engineUp: boolean): string[] {
  const missing: string[] = [];
  if (process.platform !== "linux") missing.push("Linux: the script starts Debian's dockerd and PostgreSQL 15");
  if (!onPath("docker")) missing.push('the Docker command line and engine: "apt-get install -y docker.io"');
  else if (!engineUp && !onPath("dockerd")) missing.push('a Docker engine: "apt-get install -y docker.io" (the script starts dockerd itself)');
  if (!engineUp && userInfo().uid !== 0) missing.push("root, to start dockerd (or a running Docker engine that this user may use)");
  if (!existsSync(path.join(postgres15, "postgres"))) {
    missing.push(`PostgreSQL 15 at ${postgres15}, for the run with DATABASE_URL: "apt-get install -y postgresql-15" (or set POSTGRES15_BIN)`);
  }
  return missing;
}

/** Starts dockerd and waits until it answers; its log goes to `log`. */
async function startDockerd(log: string): Promise<ChildProcess> {
  const out = openSync(log, "a");
  const daemon = spawn("dockerd", [], { detached: true, stdio: ["ignore", out, out] });
  closeSync(out);
  let exited = false;
  daemon.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  while (!(await engineAnswers())) {
    const tail = () => readFileSync(log, "utf8").trim().split("\n").slice(-10).join("\n");
    if (exited) throw new Error(`dockerd stopped at once:\n${tail()}`);
    if (Date.now() > deadline) throw new Error(`dockerd did not answer within 60 s:\n${tail()}`);
    await sleep(250);
  }
  return daemon;
}

async function stopDockerd(daemon: ChildProcess): Promise<void> {
  if (daemon.exitCode !== null || daemon.signalCode !== null) return;
  const exited = new Promise((resolve) => daemon.once("exit", resolve));
  daemon.kill("SIGTERM");
  await exited;
}

/** Runs `docker build` with its output shown; throws when it fails. */
async function buildImage(): Promise<void> {
  const build = spawn("docker", ["build", "--force-rm", "--tag", IMAGE, root], { stdio: ["ignore", "inherit", "inherit"] });
  const code = await new Promise<number | null>((resolve) => build.once("close", resolve));
  if (code !== 0) throw new Error(`docker build failed (exit code ${code})`);
}

/**
 * A TCP relay from `host:port` to `target` on the loopback: the host's PostgreSQL listens on
 * the loopback only (as every PostgreSQL the tests start), so a container reaches it through
 * the Docker bridge's gateway address as it would reach a database on another machine.
 */
async function relay(host: string, target: number): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    const upstream = createConnection({ host: "127.0.0.1", port: target });
    socket.pipe(upstream).pipe(socket);
    socket.on("error", () => upstream.destroy());
    upstream.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  return { server, port: (server.address() as { port: number }).port };
}

interface Check {
  name: string;
  /** Extra `docker run` options and environment. */
  options: string[];
  env: Record<string, string>;
}

async function waitHealthy(container: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const [running, health] = (await docker("inspect", "--format", "{{.State.Running}} {{.State.Health.Status}}", container)).split(" ");
    if (health === "healthy") return;
    if (running !== "true") throw new Error(`the container stopped before it was healthy:\n${await docker("logs", "--tail", "30", container)}`);
    if (Date.now() > deadline) throw new Error(`the container was not healthy within 10 minutes:\n${await docker("logs", "--tail", "30", container)}`);
    await sleep(1000);
  }
}

/** The server serves first and generates the demo catalog meanwhile: waits for its `Demo catalog:` line. */
async function waitForDemo(container: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (!(await docker("logs", container)).includes("Demo catalog: ")) {
    if (Date.now() > deadline) throw new Error(`the demo catalog was not generated within 10 minutes:\n${await docker("logs", "--tail", "30", container)}`);
    await sleep(1000);
  }
}

function expectThat(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

/** Starts the image, checks what a visitor and an operator would, and stops it; returns the email address it signed up. */
async function checkRun({ name, options, env }: Check): Promise<string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const container = `stockroom-container-test-${name}`;
  const envArgs = Object.entries({ BASE_URL: base, DEMO_IMAGES: "6", ...env }).flatMap(([k, v]) => ["--env", `${k}=${v}`]);
  await docker("run", "--detach", "--name", container, "--publish", `127.0.0.1:${port}:3000`, "--health-interval", "2s", ...options, ...envArgs, IMAGE);
  try {
    await waitHealthy(container);
    say(`${name}: Docker reports the container healthy (its HEALTHCHECK asks /healthz)`);
    await waitForDemo(container);

    const uid = await docker("exec", container, "id", "-u");
    expectThat(uid !== "0", `${name}: the server runs as root`);

    const health = await fetch(`${base}/healthz`);
    expectThat(health.status === 200 && ((await health.json()) as { status: string }).status === "ok", `${name}: /healthz answered ${health.status}`);

    const ready = await fetch(`${base}/readyz`);
    await ready.arrayBuffer();
    expectThat(ready.status === 200, `${name}: /readyz answered ${ready.status}`);

    const home = await fetch(`${base}/`);
    const page = await home.text();
    expectThat(home.status === 200, `${name}: the first page answered ${home.status}`);
    expectThat(page.includes("<title>Stockroom · Free AI-generated stock images</title>"), `${name}: the first page has not the gallery's title`);
    expectThat(/src="\/media\/[^"]+"/.test(page), `${name}: the first page shows no image from /media/`);
    say(`${name}: /healthz and /readyz answer 200; the first page shows the gallery with its demo images; the server runs as uid ${uid}`);

    const email = `container-${name}@example.test`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ name: "Container Test", email, password: "a long enough passphrase" }),
    });
    const signUpAnswer = await signUp.text();
    expectThat(signUp.status === 200, `${name}: the sign-up answered ${signUp.status}: ${signUpAnswer}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
    const viewer = (await session.json()) as { user?: { email?: string } } | null;
    expectThat(viewer?.user?.email === email, `${name}: the new account's session is not signed in`);
    say(`${name}: a sign-up made an account and signed it in`);

    const granted = await docker("exec", container, "npm", "run", "--silent", "admin", "--", "grant", email);
    expectThat(granted.includes("is now an admin"), `${name}: npm run admin in the container printed: ${granted}`);
    say(`${name}: an operator command in the container: ${granted}`);

    // The pages whose code the image's node_modules was cut down around (scripts/prune-for-image.ts).
    for (const page of ["/developers", "/admin/insights"]) {
      const res = await fetch(`${base}${page}`, { headers: { cookie } });
      // Read whole, as a browser does: a response left unread keeps its connection busy.
      await res.arrayBuffer();
      expectThat(res.status === 200, `${name}: ${page} answered ${res.status}`);
    }
    // The API reference's renderer, sent from what the image kept of its package.
    const renderer = await fetch(`${base}/vendor/scalar/standalone.esm.js`);
    expectThat(renderer.status === 200 && (await renderer.text()).includes("createApiReference"), `${name}: /vendor/scalar/standalone.esm.js answered ${renderer.status}`);
    say(`${name}: /developers and the admin's /admin/insights render, and the API reference's renderer is sent`);

    if (env.LOG_FORMAT === "json") {
      const lines = (await docker("logs", container)).split("\n").filter((line) => line.startsWith("{"));
      const requests = lines.map((line) => JSON.parse(line) as { msg?: string; path?: string; status?: number }).filter((entry) => entry.msg === "request");
      expectThat(
        requests.some((entry) => entry.path === "/" && entry.status === 200),
        `${name}: with LOG_FORMAT=json the log has no JSON line for the first page's request:\n${lines.slice(-5).join("\n")}`,
      );
      say(`${name}: LOG_FORMAT=json logs a JSON line per request (${requests.length} so far)`);
    }

    const stop = performance.now();
    await docker("stop", "--time", "30", container);
    const exitCode = await docker("inspect", "--format", "{{.State.ExitCode}}", container);
    expectThat(exitCode === "0", `${name}: docker stop ended the server with exit code ${exitCode}:\n${await docker("logs", "--tail", "20", container)}`);
    say(`${name}: docker stop ended it cleanly in ${((performance.now() - stop) / 1000).toFixed(1)} s`);
    return email;
  } catch (error) {
    console.error(await docker("logs", "--tail", "40", container).catch(() => ""));
    throw error;
  } finally {
    await docker("rm", "--force", "--volumes", container).catch(() => "");
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const base = dockerfileBase(readFileSync(path.join(root, "Dockerfile"), "utf8"));
  let engineUp = onPath("docker") && (await engineAnswers());
  const missing = missingPrerequisites(engineUp);
  if (missing.length > 0) {
    throw new Error(`this machine lacks what the container test needs:\n${missing.map((m) => `  - ${m}`).join("\n")}`);
  }

  const work = mkdtempSync(path.join(tmpdir(), "stockroom-container-test-"));
  // PostgreSQL runs as its own user when this is root, and must reach its folder in here.
  chmodSync(work, 0o755);
  let daemon: ChildProcess | undefined;
  let database: EmbeddedPostgres | undefined;
  let relayed: Server | undefined;
  try {
    if (!engineUp) {
      say("No Docker engine answers: starting dockerd");
      daemon = await startDockerd(path.join(work, "dockerd.log"));
      engineUp = true;
    }

    if (await imageExists(base.name)) {
      say(`Base image ${base.name}: the engine has it (docker rmi ${base.name} to fetch or build it anew)`);
    } else {
      const refusal = await docker("pull", base.name).then(
        () => undefined,
        (error: Error) => error.message.split("\n").at(-1),
      );
      if (refusal === undefined) {
        say(`Base image ${base.name}: pulled from the registry`);
      } else {
        say(`Base image ${base.name}: cannot be pulled (${refusal}); building a local stand-in`);
        if (!onPath("debootstrap")) throw new Error('debootstrap is missing to build the stand-in base image: "apt-get install -y debootstrap"');
        if (userInfo().uid !== 0) throw new Error("debootstrap needs root to build the stand-in base image");
        await buildStandInBase(base, (line) => say(`  ${line}`));
      }
    }

    say(`Building ${IMAGE}`);
    const previous = await docker("image", "inspect", "--format", "{{.Id}}", IMAGE).catch(() => undefined);
    await buildImage();
    // The image a previous run built under this name; its layers still in use stay as the cache.
    const current = await docker("image", "inspect", "--format", "{{.Id}}", IMAGE);
    if (previous && previous !== current) await docker("rmi", previous).catch(() => "");
    const size = Number(await docker("image", "inspect", "--format", "{{.Size}}", IMAGE));
    say(`${IMAGE}: ${(size / 1e6).toFixed(0)} MB`);
    expectThat(size < MAX_IMAGE_BYTES, `the image is ${(size / 1e6).toFixed(0)} MB, over the ${MAX_IMAGE_BYTES / 1e6} MB limit`);

    await checkRun({ name: "embedded", options: ["--volume", `/data`], env: {} });

    say(`Starting PostgreSQL 15 from ${postgres15}`);
    database = await startEmbeddedPostgres({ dir: path.join(work, "postgres15"), password: "container-test", binDir: postgres15 });
    await query(database.url, "create database stockroom");
    const stockroomUrl = database.url.replace(/\/postgres$/, "/stockroom");
    const gateway = await bridgeGateway();
    const { server, port } = await relay(gateway, database.port);
    relayed = server;
    const email = await checkRun({
      name: "host-postgresql",
      options: ["--add-host", `postgres.host:${gateway}`],
      env: { DATABASE_URL: `postgres://stockroom:container-test@postgres.host:${port}/stockroom`, LOG_FORMAT: "json" },
    });
    const [images] = await query<{ count: number }>(stockroomUrl, "select count(*)::int as count from images");
    const [accounts] = await query<{ count: number }>(stockroomUrl, 'select count(*)::int as count from "user" where email = $1', [email]);
    expectThat(images!.count > 0 && accounts!.count === 1, "host-postgresql: the host's PostgreSQL lacks the demo images or the new account");
    say(`host-postgresql: the host's PostgreSQL 15 holds the ${images!.count} demo images and the new account`);
  } finally {
    relayed?.close();
    await database?.stop();
    if (daemon) await stopDockerd(daemon);
    rmSync(work, { recursive: true, force: true });
  }
  say("The container test passed");
}

main().catch((error: unknown) => {
  console.error(`\nnpm run test:container: ${(error as Error).message}`);
  process.exit(1);
});
