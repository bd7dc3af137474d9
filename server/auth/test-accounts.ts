import { afterAll } from "vitest";
import { scratchDir } from "../../test/scratch-dir.ts";
import { startSmtpPeer } from "../../test/peers/smtp.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { createAccountsRepository } from "./accounts-repository.ts";
import { createAccountsService } from "./accounts.ts";
import { CLIENT_IP_HEADER, createAuth } from "./auth.ts";

/** Accounts tests: the real Better Auth instance and accounts service on a test database. */

export const BASE_URL = "http://stockroom.test";

/** A local SMTP server whose received mails land in a folder; closed after the file's tests. */
export async function smtpPeer() {
  const dir = scratchDir("mail");
  const peer = await startSmtpPeer(dir);
  afterAll(() => peer.close());
  return { url: peer.url, dir };
}

/**
 * One Stockroom instance's accounts (as services.ts builds them), configured by `env` on
 * top of a test configuration. Several may share a database, as instances do.
 */
export function accountsInstance(db: Db, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: scratchDir("data"),
    BASE_URL,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth",
    LOG_LEVEL: "silent",
    ...env,
  });
  const log = createLogger("silent");
  const repository = createAccountsRepository(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const auth = createAuth({ config, db, log, mailer, repository });
  const accounts = createAccountsService({ auth, repository, passwordMinLength: config.passwordMinLength, googleEnabled: config.google !== undefined, log });
  return { config, auth, accounts };
}

/** The headers a browser at `ip` sends to this site, with the cookies it holds. */
export function browserHeaders(ip: string, cookies = ""): Headers {
  const headers = new Headers({ origin: BASE_URL, [CLIENT_IP_HEADER]: ip });
  if (cookies) headers.set("cookie", cookies);
  return headers;
}

/** The `name=value` pairs a browser keeps from Set-Cookie headers (expired ones dropped). */
export function cookiesFrom(setCookies: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const line of setCookies.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}
