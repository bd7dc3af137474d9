import { Link, useLocation } from "react-router";
import { localizedPath, splitLocale, textDirection, type Locale, type OfferedLocale } from "#contracts/locales";
import { rememberLocale } from "~/i18n/choice";
import { useT } from "~/i18n/i18n";
import { CloseIcon } from "~/lib/icons";

/**
 * The offer's line in each language it offers: it speaks to a reader of that language, whatever
 * the page's language (decision 044); with the words of its dismiss button.
 */
const LANGUAGE_OFFERS: Record<OfferedLocale, { line: string; dismiss: string }> = {
  en: { line: "This page is also in English.", dismiss: "No, thanks" },
  de: { line: "Diese Seite gibt es auch auf Deutsch.", dismiss: "Nein, danke" },
  fr: { line: "Cette page existe aussi en français.", dismiss: "Non merci" },
  es: { line: "Esta página también está en español.", dismiss: "No, gracias" },
  "pt-BR": { line: "Esta página também está disponível em português do Brasil.", dismiss: "Não, obrigado" },
  ja: { line: "このページは日本語でもご覧いただけます。", dismiss: "閉じる" },
  ar: { line: "هذه الصفحة متاحة أيضًا باللغة العربية.", dismiss: "لا، شكرًا" },
};

/**
 * The line along the bottom of the window offering `offered` (language-offer.tsx decides when):
 * its link and its button speak the offered language, marked as that language. Following it or
 * dismissing it is a choice, remembered; `onChosen` then hides the line.
 */
export default function LanguageOfferBar({ offered, onChosen }: { offered: OfferedLocale; onChosen: () => void }) {
  const { pathname, search } = useLocation();
  const { locale, path } = splitLocale(pathname);
  const t = useT();
  const choose = (language: Locale) => {
    rememberLocale(language);
    onChosen();
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
