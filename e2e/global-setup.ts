import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { TestProject } from "vitest/node";
import { assertChromium } from "./chromium.ts";
import { OIDC_CLIENT, startOidcPeer } from "./peers/oidc.ts";
import { startSmtpPeer } from "./peers/smtp.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the Stockroom server under test, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Its DATA_DIR (outbox, media, database). */
    dataDir: string;
    /** Where the local SMTP server (the server's SMTP_URL) writes each mail it receives (e2e/peers/smtp.ts). */
    mailDir: string;
    /** The local OpenID provider standing in for Google (e2e/peers/oidc.ts). */
    oidcIssuer: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Builds the app, then starts it as `npm start` would, on a scratch DATA_DIR and a free port. */
export default async function setup(project: TestProject) {
  assertChromium();
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("react-router build failed");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "stockroom-e2e-"));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir, "received-mail");
  const smtp = await startSmtpPeer(mailDir);
  const oidc = await startOidcPeer(await freePort(), `${baseUrl}/api/auth/callback/google`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    DEMO_IMAGES: process.env.E2E_DEMO_IMAGES ?? "60",
    LOG_LEVEL: "error",
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    GOOGLE_ISSUER: oidc.issuer,
    // Every test signs up from 127.0.0.1: count per account only (e2e/account-limits.e2e.ts).
    AUTH_RATE_LIMIT_PER_IP: "100000",
  };
  const server: ChildProcess = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/main.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  server.once("exit", () => (exited = true));

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (exited) throw new Error("The Stockroom server exited during start-up (see its output above)");
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The Stockroom server did not start within 150 s");
    await sleep(250);
  }

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("mailDir", mailDir);
  project.provide("oidcIssuer", oidc.issuer);
  return async () => {
    if (!exited) {
      const done = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await done;
    }
    await Promise.all([smtp.close(), oidc.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
