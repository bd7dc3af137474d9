import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import { scratchDir } from "../../test/scratch-dir.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { createLogger, type Logger } from "../logger.ts";
import { createServices } from "../services.ts";
import { createHttpApp } from "./app.ts";
import { createHttpServer } from "./limits.ts";

/** The public origin API tests pretend the site has: pages of the site send it as Origin. */
export const TEST_BASE_URL = "http://stockroom.test";

/**
 * The whole HTTP app (API, Better Auth, media) on `database`, listening on a free port until the
 * file's tests end, configured by `env` on top of a test configuration. No pages: the
 * React Router build is not loaded (a page request fails, as an unexpected error would).
 * `log` receives what the app logs (nothing, by default).
 */
export async function startTestApp(database: Pick<Database, "db" | "pool">, env: Record<string, string> = {}, log: Logger = createLogger("silent")) {
  const config = loadConfig({
    DATA_DIR: scratchDir("http"),
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth",
    LOG_LEVEL: "silent",
    ...env,
  });
  const services = createServices({ config, database, log });
  const app = createHttpApp({ services, build: () => Promise.reject(new Error("This test serves the API only")) });
  const server = createHttpServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await services.close();
  });

  /** A request as a page of this site sends it (or, with `from`, a page of another site), with the browser's cookies. */
  function call(method: string, path: string, options: { cookies?: string | undefined; json?: unknown; from?: string } = {}) {
    const headers: Record<string, string> = { origin: options.from ?? TEST_BASE_URL };
    if (options.cookies) headers.cookie = options.cookies;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    return fetch(`${origin}${path}`, { method, headers, body: options.json === undefined ? undefined : JSON.stringify(options.json) });
  }

  return { services, call, origin };
}
