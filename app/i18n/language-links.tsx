import { useLocation } from "react-router";
import { DEFAULT_LOCALE, LOCALES, localizedPath, OG_LOCALES, PSEUDO_LOCALE, splitLocale, type Locale } from "#contracts/locales";

/**
 * Every page's head for search engines and shares: the same page in each offered language
 * (`hreflang`, English the default), its canonical URL unless the page's own meta names it
 * (`canonical` false), and its Open Graph locale. The pseudo-locale is kept out of search.
 */
export function LanguageLinks({ baseUrl, canonical }: { baseUrl: string; canonical: boolean }) {
  const { pathname, search } = useLocation();
  const { locale, path } = splitLocale(pathname);
  if (locale === PSEUDO_LOCALE) return <meta name="robots" content="noindex" />;
  const href = (other: Locale) => `${baseUrl}${localizedPath(other, path)}${search}`;
  return (
    <>
      {canonical && <link rel="canonical" href={href(locale)} />}
      {LOCALES.map((other) => (
        <link key={other} rel="alternate" hrefLang={other} href={href(other)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LOCALE)} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
    </>
  );
}
