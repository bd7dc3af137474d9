import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll } from "vitest";
import { scratchDir } from "../../test/scratch-dir.ts";
import { cookiesFrom } from "../auth/test-accounts.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { createLogger, type Logger } from "../logger.ts";
import { createServices } from "../services.ts";
import { createHttpApp } from "./app.ts";
import { createHttpServer } from "./http-server.ts";

/** The public origin API tests pretend the site has: pages of the site send it as Origin. */
export const TEST_BASE_URL = "http://stockroom.test";

/** The React Router build of this checkout (test/global-setup.ts builds it when stale). */
export async function appBuild(): Promise<{ build: ServerBuild; clientDir: string }> {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  return { build, clientDir: path.resolve("build/client") };
}

/**
 * The whole HTTP app (API, Better Auth, media) on `database`, listening on a free port until the
 * file's tests end, configured by `env` on top of a test configuration. Pages only with
 * `pages: true` (the app's build is loaded then); otherwise they answer 500. `log` receives
 * what the app logs (nothing, by default).
 */
export async function startTestApp(
  database: Pick<Database, "db" | "pool">,
  env: Record<string, string> = {},
  options: { pages?: boolean; log?: Logger } = {},
) {
  const config = loadConfig({
    DATA_DIR: scratchDir("http"),
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth",
    LOG_LEVEL: "silent",
    ...env,
  });
  const services = createServices({ config, database, log: options.log ?? createLogger("silent") });
  const app = createHttpApp({
    services,
    ...(options.pages ? await appBuild() : { build: () => Promise.reject(new Error("This test serves the API only")) }),
  });
  const server = createHttpServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    // A response whose body a test never read (it asked for the status) may still hold its
    // connection, and close() would wait for it forever: the file's tests are over, so all go.
    server.closeAllConnections();
    await closed;
    await services.close();
  });

  /** A request as a page of this site sends it (or, with `from`, a page of another site), with the browser's cookies. */
  function call(method: string, path: string, options: { cookies?: string | undefined; json?: unknown; from?: string } = {}) {
    const headers: Record<string, string> = { origin: options.from ?? TEST_BASE_URL };
    if (options.cookies) headers.cookie = options.cookies;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    return fetch(`${origin}${path}`, { method, headers, body: options.json === undefined ? undefined : JSON.stringify(options.json) });
  }

  /** Signs a new person (`name`) up through Better Auth's endpoint; their browser's cookies. */
  async function signUp(name: string): Promise<string> {
    const res = await call("POST", "/api/auth/sign-up/email", { json: { name, email: `${randomUUID()}@example.test`, password: "a long enough passphrase" } });
    if (res.status !== 200) throw new Error(`Sign-up answered ${res.status}: ${await res.text()}`);
    return cookiesFrom(res.headers);
  }

  return { services, call, origin, signUp };
}
