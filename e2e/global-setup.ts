import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { assertChromium } from "./chromium.ts";
import { OIDC_CLIENT, startOidcPeer } from "../test/peers/oidc.ts";
import { startSmtpPeer } from "../test/peers/smtp.ts";
import { startEmbeddedPostgres } from "../server/db/embedded-postgres.ts";
import { freePort } from "../server/free-port.ts";
import { buildIfChanged } from "../scripts/build-if-changed.ts";
import { scratchDataDir, startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the Stockroom server under test, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Its DATA_DIR (outbox, media, database). */
    dataDir: string;
    /** Where the local SMTP server (the server's SMTP_URL) writes each mail it receives (test/peers/smtp.ts). */
    mailDir: string;
    /** The local OpenID provider standing in for Google (test/peers/oidc.ts). */
    oidcIssuer: string;
  }
}

/** Builds the app, then starts it as `npm start` would, on a scratch DATA_DIR and a free port. */
export default async function setup(project: TestProject) {
  assertChromium();
  buildIfChanged();
  const dataDir = scratchDataDir();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir, "received-mail");
  const smtp = await startSmtpPeer(mailDir);
  const oidc = await startOidcPeer(await freePort(), `${baseUrl}/api/auth/callback/google`);
  const env: NodeJS.ProcessEnv = {
    DEMO_IMAGES: process.env.E2E_DEMO_IMAGES ?? "60",
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    GOOGLE_ISSUER: oidc.issuer,
    // Every test signs up from 127.0.0.1: count per account only (e2e/account-limits.e2e.ts).
    AUTH_RATE_LIMIT_PER_IP: "100000",
  };
  // E2E_POSTGRES_BIN: the server uses another PostgreSQL (`npm test` runs a journey on Debian's 15) through DATABASE_URL.
  const postgres = process.env.E2E_POSTGRES_BIN
    ? await startEmbeddedPostgres({ dir: path.join(dataDir, "external-postgres"), password: "e2e", binDir: process.env.E2E_POSTGRES_BIN })
    : undefined;
  if (postgres) env.DATABASE_URL = postgres.url;
  const server = await startServer({ port, dataDir, env });

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("mailDir", mailDir);
  project.provide("oidcIssuer", oidc.issuer);
  return async () => {
    await server.stop();
    await Promise.all([smtp.close(), oidc.close(), postgres?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
