import { useState } from "react";
import { Link, useLocation } from "react-router";
import { LANGUAGE_OFFERS, localizedPath, splitLocale, textDirection, type Locale } from "#contracts/locales";
import { languageToOffer, rememberedLocale, rememberLocale } from "~/i18n/choice";
import { useT } from "~/i18n/i18n";
import { CloseIcon } from "~/lib/icons";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A first visit whose browser prefers another language the site speaks is offered that
 * language in one line along the bottom of the window (over the page, so nothing moves); never
 * a redirect. Following it or dismissing it is a choice, remembered (app/i18n/choice.ts).
 * Decided in the browser after hydration: a kept page is the same HTML for every visitor. The
 * line and its button speak the offered language (a German reader on an English page reads "Diese
 * Seite gibt es auch auf Deutsch."), marked as that language: the words are no page's message.
 */
export function LanguageOffer() {
  const { pathname, search } = useLocation();
  const { locale, path } = splitLocale(pathname);
  const t = useT();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(false);
  const offered = hydrated && !chosen ? languageToOffer(locale, navigator.languages, rememberedLocale()) : undefined;
  if (!offered) return null;

  const choose = (language: Locale) => {
    rememberLocale(language);
    setChosen(true);
  };
  return (
    <aside
      aria-label={t("menu.language")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 backdrop-blur-md print:hidden dark:border-neutral-800 dark:bg-neutral-950/95"
    >
      <div className="page flex items-center gap-3 py-2 text-sm" lang={offered} dir={textDirection(offered)} translate="no">
        <Link
          to={`${localizedPath(offered, path)}${search}`}
          hrefLang={offered}
          onClick={() => choose(offered)}
          className="flex-1 font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
        >
          {LANGUAGE_OFFERS[offered].line}
        </Link>
        <button type="button" className="icon-button shrink-0" aria-label={LANGUAGE_OFFERS[offered].dismiss} onClick={() => choose(locale)}>
          <CloseIcon size={18} />
        </button>
      </div>
    </aside>
  );
}
