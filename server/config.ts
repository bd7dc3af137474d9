import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting Stockroom reads from the environment, validated once at start-up.
 * A bad value stops the start with one line that names the variable.
 */
const port = z.coerce
  .number({ error: "must be a port number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      if (!URL.canParse(value)) {
        ctx.addIssue({ code: "custom", message: "must be a URL" });
        return z.NEVER;
      }
      if (!protocols.includes(new URL(value).protocol)) {
        ctx.addIssue({ code: "custom", message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}` });
        return z.NEVER;
      }
      return value;
    });

const count = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Express' names for address ranges in a trust-proxy list. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(item: string): boolean {
  if (PROXY_RANGES.has(item)) return true;
  const [address = "", prefix, ...rest] = item.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits <= (family === 4 ? 32 : 128);
}

/** Express' "trust proxy": true, false, a number of hops, or a comma-separated list of addresses, CIDR ranges and range names. */
const trustProxy = z
  .string()
  .trim()
  .default("loopback")
  .transform((value, ctx): boolean | number | string[] => {
    if (value === "true" || value === "false") return value === "true";
    if (/^\d+$/.test(value)) return Number(value);
    const items = value.split(",").map((item) => item.trim());
    const bad = items.find((item) => !isAddressOrRange(item));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `"${bad}" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal (or use true, false or a number of hops)`,
      });
      return z.NEVER;
    }
    return items;
  });

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  BASE_URL: optionalUrl(["http:", "https:"]),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().trim().min(3).default("Stockroom <no-reply@stockroom.local>"),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: optionalUrl(["http:", "https:"]).default("https://accounts.google.com"),
  DEMO_IMAGES: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(5000, "must be at most 5000")
    .default(150),
  AUTH_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    "must be at least 32 characters",
  ),
  PASSWORD_MIN_LENGTH: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(6, "must be at least 6")
    .max(128, "must be at most 128")
    .default(6),
  AUTH_RATE_LIMIT_PER_IP: count(1, 100_000).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: count(1, 10_000).default(10),
  AUTH_RATE_LIMIT_WINDOW: count(1, 86_400).default(900),
  SOCIAL_URL: optionalUrl(["http:", "https:"]).default("https://x.com/stockroom"),
  MEDIA_BASE_URL: optionalUrl(["http:", "https:"]).refine(
    (value) => value === undefined || (!new URL(value).search && !new URL(value).hash),
    "must be a URL without ?query or #fragment",
  ),
  S3_BUCKET: optionalText.refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), "must be a bucket name (3 to 63 characters: a-z, 0-9, '.', '-')"),
  S3_ENDPOINT: optionalUrl(["http:", "https:"]),
  S3_REGION: z.string().trim().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1").default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  LOG_LEVEL: z.enum(["silent", "error", "info", "debug"]).default("info"),
  LOG_FORMAT: z.enum(["text", "json"]).default("text"),
  TRUST_PROXY: trustProxy,
  DB_STATEMENT_TIMEOUT_MS: count(100, 600_000).default(5000),
  DB_CONNECT_TIMEOUT_MS: count(100, 60_000).default(2000),
  UPLOAD_MAX_MB: count(1, 1000).default(50),
  SHUTDOWN_TIMEOUT_S: count(1, 3600).default(10),
  UPLOAD_MAX_PIXELS: count(1, 1_000_000_000).default(100_000_000),
  IMAGE_CONCURRENCY: count(1, 256).default(availableParallelism()),
  METRICS_PORT: port.optional(),
  C2PA_SIGNING_CERT: optionalText,
  C2PA_SIGNING_KEY: optionalText,
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Public origin of the site, e.g. https://images.example.com (no trailing slash). */
  baseUrl: string;
  /** Set when an external PostgreSQL is used; otherwise an embedded server is started. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  demoImages: number;
  authSecret: string;
  passwordMinLength: number;
  /**
   * Sign-in, sign-up, password reset and password checks: attempts allowed per client IP
   * and per account (each action counted apart) in a fixed window of `windowSeconds`.
   */
  rateLimits: { perIp: number; perAccount: number; windowSeconds: number };
  socialUrl: string;
  logLevel: Env["LOG_LEVEL"];
  /** Readable lines, or one JSON object per line (server/logger.ts). */
  logFormat: Env["LOG_FORMAT"];
  media: MediaConfig;
  /** Which peers' X-Forwarded-For Express believes (its "trust proxy" setting). */
  trustProxy: boolean | number | string[];
  /** Longest a request's SQL statement may run before PostgreSQL cancels it. */
  statementTimeoutMs: number;
  /** Longest a request waits for a connection to PostgreSQL (a new one, or a free one of the pool): past it, 503. */
  connectTimeoutMs: number;
  /** Largest file a creator may upload, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** Longest a stop (SIGTERM, SIGINT) may take, answering what is in flight, before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Where Prometheus metrics are served (GET /metrics); unset: nowhere. Never the public port. */
  metricsPort: number | undefined;
  /**
   * Image work (server/media/image-pool.ts): how much of it runs at once, the largest picture
   * taken, in pixels, and the operator's own Content Credentials certificate chain and key
   * (PEM files; unset: the site's own, kept under DATA_DIR/credentials).
   */
  imaging: { concurrency: number; maxPixels: number; signingIdentity: { certFile: string; keyFile: string } | undefined };
}

/** Where media live and where browsers fetch them from (server/media/storage.ts). */
interface MediaConfig {
  /** The public base URL of media, e.g. a CDN (no trailing slash); unset: `/media` on this site. */
  baseUrl: string | undefined;
  /** An S3-compatible bucket; unset: the local disk under DATA_DIR/media. */
  s3: S3Config | undefined;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path (`endpoint/bucket/key`) rather than the host name: MinIO, Garage, SeaweedFS. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    const missing = e.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
    throw new ConfigError(`Missing ${missing}: Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError(`Missing ${missing}: S3 credentials need both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`);
  }
  if (Boolean(e.C2PA_SIGNING_CERT) !== Boolean(e.C2PA_SIGNING_KEY)) {
    const missing = e.C2PA_SIGNING_CERT ? "C2PA_SIGNING_KEY" : "C2PA_SIGNING_CERT";
    throw new ConfigError(`Missing ${missing}: signing with your own certificate needs both C2PA_SIGNING_CERT and C2PA_SIGNING_KEY`);
  }
  const strayS3 = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID"] as const).find((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && strayS3) throw new ConfigError(`Missing S3_BUCKET: ${strayS3} is set, but media go to S3 only when S3_BUCKET names the bucket`);
  const dataDir = path.resolve(e.DATA_DIR);
  const host = e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    baseUrl: (e.BASE_URL ?? `http://${host}:${e.PORT}`).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    demoImages: e.DEMO_IMAGES,
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir, "auth-secret"),
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    rateLimits: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW,
    },
    socialUrl: e.SOCIAL_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    media: {
      baseUrl: e.MEDIA_BASE_URL?.replace(/\/+$/, ""),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
          }
        : undefined,
    },
    trustProxy: e.TRUST_PROXY,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
    metricsPort: e.METRICS_PORT,
    imaging: {
      concurrency: e.IMAGE_CONCURRENCY,
      maxPixels: e.UPLOAD_MAX_PIXELS,
      signingIdentity: e.C2PA_SIGNING_CERT && e.C2PA_SIGNING_KEY ? { certFile: path.resolve(e.C2PA_SIGNING_CERT), keyFile: path.resolve(e.C2PA_SIGNING_KEY) } : undefined,
    },
  };
}

/** A random secret generated on first use and kept in DATA_DIR, readable by the owner only. */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, "secrets", name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
