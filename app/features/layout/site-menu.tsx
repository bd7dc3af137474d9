import { VERIFY_PAGE_PATH } from "#contracts/credentials-paths";
import { useCallback, useId, useRef } from "react";
import { Link, useLocation } from "react-router";
import { LOCALE_NAMES, LOCALES, localizedPath, splitLocale } from "#contracts/locales";
import { rememberAccountLocale, rememberLocale } from "~/i18n/choice";
import { type MessageId, useLocalizedPath, useT } from "~/i18n/i18n";
import { ExternalIcon, MenuIcon } from "~/lib/icons";
import { useRootData } from "~/lib/viewer";
import { useOpenUntilNavigation } from "~/lib/use-open-until-navigation";
import { useOutsideClick } from "~/lib/use-outside-click";

const legalLinks: ReadonlyArray<{ to: string; label: MessageId }> = [
  { to: "/privacy-policy", label: "menu.privacy" },
  { to: "/terms-of-service", label: "menu.terms" },
  { to: "/license", label: "menu.license" },
];

/** The header's menu: where creators and admins work (`work`), the legal pages, the API reference and the social profile. */
export function SiteMenu({ socialUrl, work }: { socialUrl: string; work: ReadonlyArray<{ to: string; label: MessageId }> }) {
  const [open, setOpen] = useOpenUntilNavigation();
  const t = useT();
  const to = useLocalizedPath();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useOutsideClick(root, open, useCallback(() => setOpen(false), [setOpen]));

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={t("menu.button")}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon size={22} />
      </button>
      <nav
        id={id}
        aria-label={t("menu.site")}
        hidden={!open}
        className="absolute end-0 top-full z-40 mt-2 w-60 overflow-hidden rounded-2xl border border-neutral-200 bg-white py-2 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
      >
        <ul>
          {work.map((link) => (
            <li key={link.to}>
              <Link to={to(link.to)} className="menu-item py-2.5">
                {t(link.label)}
              </Link>
            </li>
          ))}
          {legalLinks.map((link, i) => (
            <li key={link.to} className={i === 0 && work.length > 0 ? "mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800" : undefined}>
              <Link to={to(link.to)} className="menu-item py-2.5">
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800">
            <Link to={to(VERIFY_PAGE_PATH)} className="menu-item py-2.5">
              {t("menu.verify")}
            </Link>
          </li>
          <li>
            {/* A document of its own: its Content-Security-Policy lets the API reference write its styles (decision 010). */}
            <Link to={to("/developers")} reloadDocument className="menu-item py-2.5">
              {t("menu.developers")}
            </Link>
          </li>
          <li className="mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800">
            <a href={socialUrl} target="_blank" rel="noopener noreferrer" className="menu-item justify-between py-2.5">
              {t("menu.contact")}
              <ExternalIcon size={16} className="text-neutral-500" />
              <span className="sr-only">{t("menu.newTab")}</span>
            </a>
          </li>
          <li className="mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800">
            <LanguagePicker labelId={`${id}-language`} label={t("menu.language")} />
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** This page in each language the site speaks, each named in its own words; the one picked is remembered (app/i18n/choice.ts). */
function LanguagePicker({ labelId, label }: { labelId: string; label: string }) {
  const signedIn = useRootData().viewer !== null;
  const { pathname, search } = useLocation();
  const { locale, path } = splitLocale(pathname);
  return (
    <>
      <p id={labelId} className="px-3.5 pb-1 pt-1.5 text-xs font-medium text-neutral-600 dark:text-neutral-400">
        {label}
      </p>
      <ul aria-labelledby={labelId} className="grid grid-cols-2">
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
              className="menu-item py-2 aria-[current=page]:font-semibold"
            >
              {LOCALE_NAMES[language]}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
