import { DEFAULT_LOCALE, isOffered, PSEUDO_LOCALE, splitLocale, type Locale, type OfferedLocale } from "#contracts/locales";
import type { Messages } from "#contracts/messages";
import type { PageMessages } from "./i18n";

/** Every catalog, compiled by the build (vite.config.ts): `./catalogs/de/layout.json` -> its messages. */
const catalogs = import.meta.glob<Messages>("./catalogs/*/*.json", { query: "?lingui", import: "default", eager: true });
/** The pseudo-locale's, made from English's by the build. */
const pseudo = import.meta.glob<Messages>("./catalogs/en/*.json", { query: "?lingui-pseudo", import: "default", eager: true });

/** The feature areas that have their own catalogs: a route's loader sends those its page shows. */
export type Area = "layout" | "gallery" | "account" | "studio" | "admin" | "profile" | "verify" | "developers" | "receipts" | "legal";

/** The language a request's page is in: its URL's prefix, never a header or cookie (kept pages stay one language each). */
export const requestLocale = (request: Request): Locale => splitLocale(new URL(request.url).pathname).locale;

/** The request's language when it is one the site offers (not the pseudo-locale): a sign-up's, which its account keeps. */
export function offeredLocale(request: Request): { locale?: OfferedLocale } {
  const locale = requestLocale(request);
  return isOffered(locale) ? { locale } : {};
}

/**
 * The messages of `areas` in the request's language, for a loader's data (app/i18n/i18n.tsx
 * shows them): a page loads only its own language's messages, for its own areas.
 */
export function pageMessages(request: Request, ...areas: Area[]): PageMessages {
  const locale = requestLocale(request);
  const [source, folder] = locale === PSEUDO_LOCALE ? [pseudo, DEFAULT_LOCALE] : [catalogs, locale];
  return { messages: Object.assign({}, ...areas.map((area) => source[`./catalogs/${folder}/${area}.json`])) as Messages };
}
