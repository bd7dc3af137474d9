import { LOCALES, PSEUDO_LOCALE, type Locale, type OfferedLocale } from "#contracts/locales";

// The language a visitor chose, remembered in the browser only: a page's HTML never depends on it, so kept pages stay one per URL.

const COOKIE = "stockroom.lang";
const YEAR_S = 365 * 24 * 60 * 60;

/** The language picked in the menu or the offer, or the one the visitor chose to stay in. */
export function rememberedLocale(): OfferedLocale | undefined {
  const value = document.cookie.match(/(?:^|;\s*)stockroom\.lang=([^;]+)/)?.[1];
  return LOCALES.find((locale) => locale === value);
}

export function rememberLocale(locale: Locale): void {
  document.cookie = `${COOKIE}=${locale}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

/**
 * A signed-in account's pick, saved in its profile too (its mails go out in that language):
 * Better Auth's update-user, kept alive through the navigation to the page in that language.
 */
export function rememberAccountLocale(locale: OfferedLocale): void {
  void fetch("/api/auth/update-user", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ locale }), keepalive: true }).catch(() => {
    // The cookie holds the pick either way; the profile's Language field can save it again.
  });
}

/** The first of the browser's languages (its Accept-Language) that the site speaks: `de-AT` -> de, `pt` -> pt-BR, `en-GB` -> en. */
export function preferredLocale(languages: readonly string[]): OfferedLocale | undefined {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    const found = LOCALES.find((locale) => locale.toLowerCase() === lower) ?? LOCALES.find((locale) => locale.split("-")[0] === lower.split("-")[0]);
    if (found) return found;
  }
  return undefined;
}

/** The language to offer on a page in `shown`: the browser's preferred one when the site speaks it, until a language is chosen; never on the pseudo-locale's test pages. */
export function languageToOffer(shown: string, languages: readonly string[], chosen: OfferedLocale | undefined): OfferedLocale | undefined {
  if (chosen || shown === PSEUDO_LOCALE) return undefined;
  const preferred = preferredLocale(languages);
  return preferred === shown ? undefined : preferred;
}
