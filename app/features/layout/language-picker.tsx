import { Link, useLocation } from "react-router";
import { LOCALE_NAMES, LOCALES, localizedPath, splitLocale } from "#contracts/locales";
import { rememberAccountLocale, rememberLocale } from "~/i18n/choice";
import { useRootData } from "~/lib/viewer";

/**
 * This page in each language the site speaks, each named in its own words; the one picked is
 * remembered (app/i18n/choice.ts). In the site menu and the footer, laid out by `listClass` and `linkClass`.
 */
export function LanguagePicker({ labelId, label, labelClass, listClass, linkClass }: { labelId: string; label: string; labelClass: string; listClass: string; linkClass: string }) {
  const signedIn = useRootData().viewer !== null;
  const { pathname, search } = useLocation();
  const { locale, path } = splitLocale(pathname);
  return (
    <>
      <p id={labelId} className={labelClass}>
        {label}
      </p>
      <ul aria-labelledby={labelId} className={listClass}>
        {LOCALES.map((language) => (
          <li key={language}>
            <Link
              to={`${localizedPath(language, path)}${search}`}
              lang={language}
              hrefLang={language}
              translate="no"
              aria-current={language === locale ? "page" : undefined}
              onClick={() => {
                rememberLocale(language);
                if (signedIn) rememberAccountLocale(language);
              }}
              className={linkClass}
            >
              {LOCALE_NAMES[language]}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
