import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
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
 * once it answers its health check and, when it generates a demo catalog (DEMO_IMAGES, 150 by
 * default), once that is complete too, unless `serveFirst`. `env` adds or overrides variables
 * (e.g. DEMO_IMAGES). The server logs JSON lines; those of errors are shown.
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Resolve as soon as it serves, while the demo catalog is still being generated. */
  serveFirst?: boolean;
}): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    BASE_URL: baseUrl,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    NODE_ENV: "production",
    ...options.env,
  };
  const server: ChildProcess = spawn(process.execPath, ["server/main.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
  let exited = false;
  let demoDone = options.serveFirst === true || Number(env.DEMO_IMAGES ?? 150) === 0;
  server.once("exit", () => (exited = true));
  createInterface({ input: server.stdout! }).on("line", (line) => {
    const entry = parsed(line);
    if (entry?.level === "error") console.error(line);
    else if (typeof entry?.msg === "string" && entry.msg.startsWith("Demo catalog: ")) demoDone = true;
  });
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
      if (res.ok && demoDone) return { baseUrl, pid: server.pid!, stop };
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

function parsed(line: string): { level?: unknown; msg?: unknown } | undefined {
  try {
    return JSON.parse(line) as { level?: unknown; msg?: unknown };
  } catch {
    return undefined;
  }
}
