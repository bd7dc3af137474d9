// The languages the site speaks and where each lives in a URL (decision 044). No Zod: the first page reads this.

/** Languages offered to visitors, English first: it keeps today's URLs, the others live under a prefix. */
export const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] as const;
export type OfferedLocale = (typeof LOCALES)[number];

/** Whether `value` is a language offered to visitors (the pseudo-locale is not). */
export const isOffered = (value: unknown): value is OfferedLocale => LOCALES.some((locale) => locale === value);

/** Accented, lengthened English for tests (e2e/pseudo-locale.e2e.ts): served under /en-xa/, never offered nor listed. */
export const PSEUDO_LOCALE = "en-XA";
export type Locale = OfferedLocale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = "en";

/** Each language in its own words, as the picker lists it. */
export const LOCALE_NAMES: Record<OfferedLocale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
};

/** Open Graph's name of each language's locale (`og:locale`). */
export const OG_LOCALES: Record<OfferedLocale, string> = {
  en: "en_US",
  de: "de_DE",
  fr: "fr_FR",
  es: "es_ES",
  "pt-BR": "pt_BR",
  ja: "ja_JP",
  ar: "ar_AR",
};

/** The URL prefix of a language other than English: its tag in lower case (`/pt-br/`). */
export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? "" : `/${locale.toLowerCase()}`);

const byPrefix = new Map<string, Locale>(
  ([...LOCALES, PSEUDO_LOCALE] as Locale[]).filter((locale) => locale !== DEFAULT_LOCALE).map((locale): [string, Locale] => [locale.toLowerCase(), locale]),
);

/** The path segments every prefixed language is served under (app/routes.ts). */
export const PREFIXED_LOCALES: ReadonlyArray<Locale> = [...byPrefix.values()];

/** The language of a path (`/de/login` -> de; `/login` -> en), and the path as English has it. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const locale = match && byPrefix.get(match[1]!);
  if (!locale) return { locale: DEFAULT_LOCALE, path: pathname };
  return { locale, path: match[2] ?? "/" };
}

/** English `path` (starting with "/") in `locale`: `/login` -> `/de/login`, `/` -> `/de/`. */
export const localizedPath = (locale: Locale, path: string): string => `${localePrefix(locale)}${path}`;

/** Right to left for Arabic. */
export const textDirection = (locale: Locale): "ltr" | "rtl" => (locale === "ar" ? "rtl" : "ltr");
