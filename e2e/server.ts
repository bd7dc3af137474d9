import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Shared by the browser suite (e2e/global-setup.ts) and the benchmarks (bench/): a built Stockroom server. */

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
  const server: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
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
