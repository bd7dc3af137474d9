import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { splitLocale } from "#contracts/locales";
import type { Config } from "../config.ts";

/**
 * Stockroom's security headers, in one place (decision 010): what every response carries,
 * what pages add (a Content-Security-Policy whose inline scripts and styles are allowed by
 * a per-response nonce, or by their hashes for a page served from a cache), and what media
 * files keep (embeddable by any site: a free stock site is hotlinked on purpose).
 */

type PolicyConfig = Pick<Config, "baseUrl" | "google"> & { media: Pick<Config["media"], "baseUrl"> };

/** How a page's own inline `<script>`s and `<style>`s are allowed: a fresh nonce, or their sha256 hashes ("sha256-…"). */
export type InlineSources = { nonce: string } | { hashes: string[] };

/** Features the site never uses, turned off for it and anything it embeds. */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** A fresh CSP nonce: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The CSP hash source of an inline script's or style's text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The toasts' library (loaded after hydration) adds its stylesheet as a `<style>` element it
 * creates empty and then fills; both states are allowed by their hashes.
 */
const toastStyleHashes = (() => {
  const source = readFileSync(createRequire(import.meta.url).resolve("sonner"), "utf8");
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  return literal ? [hashSource(""), hashSource(JSON.parse(literal) as string)] : [];
})();

/**
 * The Content-Security-Policy of a page. Scripts: this site's files and inline scripts
 * carrying `inline`'s nonce or hash, never 'unsafe-inline' or 'unsafe-eval'. Style elements
 * likewise; style attributes (React's `style=`, server-rendered) need 'unsafe-inline'
 * (decision 010). Images and fetches may also come from MEDIA_BASE_URL's origin; forms go to
 * this site, or to the Google issuer when Google sign-in is on.
 */
export function pageCsp(config: PolicyConfig, inline: InlineSources, options: { inlineStyleElements?: boolean } = {}): string {
  const inlineSources = "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes;
  // A nonce or hash in the list would switch 'unsafe-inline' off, so it stands alone.
  const styleElements = options.inlineStyleElements ? ["'unsafe-inline'"] : [...inlineSources, ...toastStyleHashes];
  const media = config.media.baseUrl ? [new URL(config.media.baseUrl).origin] : [];
  const formTargets = config.google ? [new URL(config.google.issuer).origin] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineSources],
    "style-src-elem": ["'self'", ...styleElements],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...media],
    "connect-src": ["'self'", ...media],
    "font-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", ...formTargets],
  };
  if (config.baseUrl.startsWith("https:")) directives["upgrade-insecure-requests"] = [];
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/** The headers every answer carries; media answers then loosen what would stop other sites embedding them. */
export function securityHeaders(config: PolicyConfig): { everywhere: RequestHandler; media: RequestHandler } {
  const https = config.baseUrl.startsWith("https:");
  const base = helmet({
    // Pages set their own (pageCsp); API answers and files carry this one.
    contentSecurityPolicy: { useDefaults: false, directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    originAgentCluster: true,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: true,
    xFrameOptions: { action: "deny" },
    xPermittedCrossDomainPolicies: true,
    xPoweredBy: true,
    xXssProtection: true,
  });
  const everywhere: RequestHandler = (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    base(req, res, next);
  };
  const media: RequestHandler = (_req, res, next) => {
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.removeHeader("X-Frame-Options");
    res.removeHeader("Content-Security-Policy");
    next();
  };
  return { everywhere, media };
}

/**
 * Pages whose style elements may be inline without a nonce, in every language (`/de/developers`
 * too): /developers, whose API reference (Scalar, bundled) writes its own `<style>` elements
 * (decision 010). Scripts stay as strict.
 */
const INLINE_STYLE_PAGES = new Set(["/developers"]);

/**
 * For pages (React Router): a fresh nonce in `res.locals.cspNonce`, for the load context, and
 * the page CSP that allows it.
 */
export function pageSecurity(config: PolicyConfig): RequestHandler {
  return (req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", pageCsp(config, { nonce }, { inlineStyleElements: INLINE_STYLE_PAGES.has(splitLocale(req.path).path) }));
    next();
  };
}

/** The nonce `pageSecurity` chose for this response. */
export function cspNonceOf(res: Response): string | undefined {
  return res.locals.cspNonce as string | undefined;
}
