import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Shared by the browser suite (e2e/global-setup.ts) and the benchmarks (bench/): a built Stockroom server. */

/** `react-router build`, as `npm start` runs it. */
export function buildApp(): void {
  // Vitest sets NODE_ENV=test, which would make Vite bundle development React.
  const build = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("react-router build failed");
}

/** What `react-router build` reads: a build older than any of these is stale. */
const BUILD_INPUTS = ["app", "contracts", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

/**
 * Builds the app unless build/ is newer than every file it is made from: the integration
 * tests that serve pages (test/global-setup.ts) use the build of this checkout, never a stale one.
 */
export function buildAppIfStale(): void {
  const built = "build/server/index.js";
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const newest = Math.max(
    ...BUILD_INPUTS.filter((input) => existsSync(input)).flatMap((input) =>
      statSync(input).isDirectory()
        ? readdirSync(input, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
        : [statSync(input).mtimeMs],
    ),
  );
  if (newest > builtAt) buildApp();
}

/** An empty DATA_DIR under the system's temporary folder. */
export function scratchDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "stockroom-e2e-"));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/**
 * Starts the built app as `npm start` would, on 127.0.0.1:`port` with `dataDir`, and resolves
 * once it answers its health check. `env` adds or overrides variables (e.g. DEMO_IMAGES).
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
}): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // One Node process (no tsx wrapper), whose pid is the server's: signals and CPU use are its own.
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  server.once("exit", () => (exited = true));
  const stop = async () => {
    if (exited) return;
    const done = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await done;
  };

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (exited) throw new Error("The Stockroom server exited during start-up (see its output above)");
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return { baseUrl, pid: server.pid!, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("The Stockroom server did not start within 150 s");
    }
    await sleep(250);
  }
}
