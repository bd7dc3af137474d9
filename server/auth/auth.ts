import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, messages, safeRedirect } from "#contracts/account-forms";
import { LOCALES } from "#contracts/locales";
import { notStorable, unstorableField } from "#contracts/text";
import { z } from "zod";
import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { clientNetwork } from "../client-network.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { account, session, user, verification } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { AccountsRepository } from "./accounts-repository.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { resetPasswordMail } from "./reset-mail.ts";

/** Set by the HTTP layer from the connection, never taken from the client; read by the rate limiter. */
export const CLIENT_IP_HEADER = "x-stockroom-client-ip";

/**
 * The device cookie (OWASP): a browser that has signed in to an account with its password holds
 * an HMAC of that account's address; its sign-ins to that account are not counted against, nor
 * stopped by, the account's limit (per client address they still are).
 */
const DEVICE_COOKIE = "stockroom.device";
const DEVICE_COOKIE_SECONDS = 60 * 60 * 24 * 365;

/** How long a password-reset link works. */
export const RESET_LINK_SECONDS = 60 * 60;

export const GOOGLE_PROVIDER_ID = "google";

/** Better Auth's cookies are named `stockroom.*` (`__Secure-stockroom.*` over https). */
const COOKIE_PREFIX = "stockroom";
const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

/**
 * Whether a request's Cookie header may carry a session (valid or not): its answers are the
 * viewer's own. The session cookie's name anywhere in the header, in any case: Better Auth reads
 * the header with two parsers (better-call's for the session, its own for the rest) that trim,
 * unquote and skip empty pairs each in its own way, but neither decodes a name, so no spelling
 * either accepts (spaces around `=`, a leading `;`, repeats, `__Secure-`, a no-break space) lacks it.
 */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && cookie.toLowerCase().includes(SESSION_COOKIE);
}

interface AuthDeps {
  config: Config;
  db: Db;
  log: Logger;
  mailer: Mailer;
  repository: AccountsRepository;
}

/** Which attempts are counted, under which name, and whose account they concern. */
const limitedPaths: Record<string, { action: string; account: "email" | "session" | null }> = {
  "/sign-in/email": { action: "sign-in", account: "email" },
  "/sign-up/email": { action: "sign-up", account: "email" },
  "/request-password-reset": { action: "reset", account: "email" },
  "/reset-password": { action: "reset", account: null },
  "/change-password": { action: "password", account: "session" },
  "/verify-password": { action: "password", account: "session" },
};

/**
 * Where a new password is chosen, and its field: only there are common passwords refused.
 * Signing in or confirming with a password that has since joined the list still works.
 */
const newPasswordFields: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** Where Better Auth sends a browser afterwards, in a query or a body (a reset link's target is `redirectTo`). */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/** `fields` (a query or a body) with every redirect target it holds made safe for `origin`; undefined when it holds none. */
function withSafeTargets(fields: unknown, origin: string): Record<string, unknown> | undefined {
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return undefined;
  const record = fields as Record<string, unknown>;
  const present = REDIRECT_FIELDS.filter((name) => name in record);
  if (!present.length) return undefined;
  return { ...record, ...Object.fromEntries(present.map((name) => [name, safeRedirect(record[name], origin)])) };
}

function isHttpsUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === "https:" && value.length <= 2048;
}

/** The key attempts are counted under: an action, and the network (an IPv4 address, an IPv6 /64) or account (email address or user id) making them. */
function attemptKey(action: string, kind: "ip" | "account", who: string): string {
  return `${action}:${kind}:${who.trim().toLowerCase()}`;
}

/**
 * The Better Auth instance: email + password accounts, password reset by email, Google
 * over OpenID Connect (discovery at GOOGLE_ISSUER) and sessions in HttpOnly SameSite=Lax
 * cookies, on our PostgreSQL. Its `before` hook adds Stockroom's own rules: attempts
 * limited per IP and per account (in the database, shared by every instance), common
 * passwords refused, display names checked, redirect targets made safe (safeRedirect).
 */
export function createAuth({ config, db, log, mailer, repository }: AuthDeps) {
  const { rateLimits } = config;
  const secure = config.baseUrl.startsWith("https:");

  async function limit(key: string, max: number) {
    const retryAfter = await repository.consumeAttempt(key, max, rateLimits.windowSeconds);
    if (retryAfter !== null) {
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: "RATE_LIMITED", message: messages.tooManyAttempts(retryAfter), retryAfter },
        { "Retry-After": String(retryAfter) },
      );
    }
  }

  /** What a browser that signed in to the account of `email` holds: unforgeable without AUTH_SECRET. */
  const deviceToken = (email: string) => createHmac("sha256", config.authSecret).update(`device:${email.trim().toLowerCase()}`).digest("base64url");

  const after = createAuthMiddleware(async (ctx) => {
    // A failure that is not one of its refusals (PostgreSQL out of reach, a fault), which Better
    // Auth answers with a bare 500: its cause is kept for `answer` below, to be thrown instead.
    const returned = ctx.context.returned;
    const failure = failures.getStore();
    if (failure && isAPIError(returned) && returned.statusCode >= 500) failure.cause = returned.cause ?? returned;
    // After a sign-in or sign-up with a password, the browser is remembered as one the account used.
    const person = ctx.context.newSession?.user;
    if ((ctx.path === "/sign-in/email" || ctx.path === "/sign-up/email") && person) {
      ctx.setCookie(DEVICE_COOKIE, deviceToken(person.email), { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: DEVICE_COOKIE_SECONDS });
    }
  });

  const guard = createAuthMiddleware(async (ctx) => {
    // A JSON body may be any value (`false`, a string); only an object has fields to check.
    const body = (typeof ctx.body === "object" && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;
    // In a body, a query or the path (a reset link's token): nothing PostgreSQL cannot store reaches Better Auth.
    const unstorable = unstorableField(body) ?? unstorableField(ctx.query) ?? unstorableField(ctx.params);
    if (unstorable) throw new APIError("BAD_REQUEST", { code: "TEXT_NOT_STORABLE", message: notStorable(unstorable), field: unstorable });
    const limited = limitedPaths[ctx.path];
    if (limited) {
      await limit(attemptKey(limited.action, "ip", clientNetwork(ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown")), rateLimits.perIp);
      let who: string | undefined;
      // A browser that has signed in to this account before is never locked out by others' failures (OWASP's device cookie).
      if (limited.account === "email" && typeof body.email === "string" && ctx.getCookie(DEVICE_COOKIE) !== deviceToken(body.email)) who = body.email;
      if (limited.account === "session") who = (await getSessionFromCtx(ctx))?.user.id;
      if (who) await limit(attemptKey(limited.action, "account", who), rateLimits.perAccount);
    }
    const field = newPasswordFields[ctx.path];
    const password = field && body[field];
    if (typeof password === "string" && isCommonPassword(password)) {
      throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: messages.passwordTooCommon });
    }
    let profile: Record<string, unknown> | undefined;
    if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") {
      profile = { ...body };
      if ("name" in body) {
        const name = typeof body.name === "string" ? body.name.trim() : "";
        if (!name) throw new APIError("BAD_REQUEST", { code: "NAME_REQUIRED", message: messages.nameRequired, field: "name" });
        if (name.length > NAME_MAX_LENGTH) throw new APIError("BAD_REQUEST", { code: "NAME_TOO_LONG", message: messages.nameTooLong, field: "name" });
        profile.name = name;
      }
      // A profile picture is an https URL or nothing: never `javascript:`, `data:` or an object.
      if ("image" in body && body.image !== null && body.image !== "" && !(typeof body.image === "string" && isHttpsUrl(body.image))) {
        throw new APIError("BAD_REQUEST", { code: "BAD_REQUEST", message: "image must be an https URL, or null", field: "image" });
      }
    }
    // Every redirect target reaches Better Auth (and its own origin check) as a path of this site, or `/`.
    const query = withSafeTargets(ctx.query, config.baseUrl);
    const safeBody = withSafeTargets(profile ?? ctx.body, config.baseUrl) ?? profile;
    if (query || safeBody) return { context: { ...(query && { query }), ...(safeBody && { body: safeBody }) } };
  });

  return betterAuth({
    appName: "Stockroom",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.baseUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    telemetry: { enabled: false },
    logger: {
      // "info" keeps Better Auth from logging every refused sign-in as an error; its real failures still are.
      level: config.logLevel === "debug" ? "debug" : "info",
      log: (level, message, ...args) => (level === "error" ? log.error(message, args[0]) : log.debug(message)),
    },
    // Stockroom's own limiter (above) counts per IP and per account, in PostgreSQL.
    rateLimit: { enabled: false },
    // An error that is no refusal, thrown outside an endpoint (the limiter's query in `guard`),
    // goes on to the app's error handler, not to a bare 500 (see `answer`).
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.passwordMinLength,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Whoever proved to own the address may sign in again at once, however many wrong attempts others made;
      // every other reset link sent to it stops working (the sessions end by revokeSessionsOnPasswordReset).
      async onPasswordReset({ user: person }) {
        await repository.endResetLinks(person.id);
        await repository.clearAttempts(attemptKey("sign-in", "account", person.email));
      },
      async sendResetPassword({ user: person, token }) {
        // Better Auth types the account without our fields; its row has `locale` (additionalFields).
        const locale = "locale" in person ? person.locale : undefined;
        const mail = resetPasswordMail({ to: person.email, name: person.name, locale, baseUrl: config.baseUrl, token, minutes: RESET_LINK_SECONDS / 60 });
        // Sent after the answer, so that how long it takes does not tell whether the address has an account.
        mailer
          .send(mail)
          .catch((error: unknown) => log.error(`Could not send the password-reset mail to ${person.email}`, error));
      },
    },
    verification: { storeIdentifier: "hashed" },
    user: {
      deleteUser: { enabled: false },
      // Read with every session; never set through Better Auth's endpoints (`input: false`):
      // roles and disabling change only through server/admin/ (admins, `npm run admin`).
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
        disabledAt: { type: "date", required: false, input: false },
        creatorId: { type: "number", required: false, input: false },
        // The account's language: given at sign-up (the page's), changed in the profile or the site menu (update-user).
        locale: { type: "string", required: false, input: true, validator: { input: z.enum(LOCALES) } },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Every way in (password, Google, the sign-in after sign-up or reset) makes a session here.
          async before(newSession) {
            if (await repository.isDisabled(newSession.userId)) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_DISABLED", message: messages.accountDisabled });
            }
          },
        },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    // A session lasts 30 days from sign-in; reading it (every page) never writes.
    session: { expiresIn: 60 * 60 * 24 * 30, disableSessionRefresh: true },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: { before: guard, after },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                name: "Google",
                discoveryUrl: `${config.google.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The cause of a failure inside Better Auth, kept for the request it ends. */
const failures = new AsyncLocalStorage<{ cause?: unknown }>();

/**
 * Better Auth's answer to `request`; a failure (a 5xx: PostgreSQL out of reach, a fault) is
 * thrown as its cause instead, for the app's one error handler to answer: a 503 with
 * Retry-After while the database is away, any other fault logged under its request id.
 */
export async function answer(auth: Auth, request: Request): Promise<Response> {
  const failure: { cause?: unknown } = {};
  const response = await failures.run(failure, () => auth.handler(request));
  if (response.status >= 500 && failure.cause !== undefined) throw failure.cause;
  return response;
}
