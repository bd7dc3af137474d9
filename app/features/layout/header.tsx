import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { DEFAULT_LOCALE } from "#contracts/locales";
import { useLocale, useLocalizedPath, useT } from "~/i18n/i18n";
import { CloseIcon, Logo, SearchIcon } from "~/lib/icons";
import { isHomePath } from "~/lib/list-key";
import { useRootData } from "~/lib/viewer";
import { AccountButton } from "./account-button";
import { SearchBox } from "./search-box";
import { SiteMenu } from "./site-menu";
import { workLinksFor } from "./work-links";

/** The bar on top of every visitor screen: logo, search, account links and the menu. */
export function Header() {
  const { viewer, settings } = useRootData();
  const [searching, setSearching] = useState(false);
  const location = useLocation();
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const onHome = isHomePath(location.pathname);
  const work = workLinksFor(viewer);

  return (
    <header className="sticky top-0 z-30 print:hidden border-b border-neutral-200/80 bg-white/90 backdrop-blur-md dark:border-neutral-800/80 dark:bg-neutral-950/90">
      <div className="page flex h-16 items-center gap-3 sm:gap-6">
        <Link
          to={to("/")}
          className="flex shrink-0 items-center gap-2 rounded-lg text-[17px] font-semibold tracking-tight"
          onClick={() => window.scrollTo({ top: 0 })}
          aria-label={t("header.home")}
          aria-current={onHome && !location.search ? "page" : undefined}
        >
          <Logo />
          {/* Longer words than English's Login and Join leave no room for the name on a phone: the mark alone stays. */}
          <span translate="no" className={locale === DEFAULT_LOCALE ? undefined : "max-sm:sr-only"}>
            Stockroom
          </span>
        </Link>
        <SearchBox className="hidden max-w-2xl flex-1 md:block" />
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <button type="button" className="icon-button md:hidden" aria-label={t("header.search")} onClick={() => setSearching(true)}>
            <SearchIcon size={22} />
          </button>
          {work.map((link) => (
            <Link
              key={link.to}
              to={to(link.to)}
              className="hidden rounded-lg px-2.5 py-2 text-sm font-medium text-neutral-700 hover:text-neutral-950 sm:inline-block dark:text-neutral-300 dark:hover:text-white"
            >
              {t(link.label)}
            </Link>
          ))}
          {viewer ? (
            <>
              <Link to={to("/profile-settings")} className="button-secondary h-9 px-3.5">
                {t("header.profile")}
              </Link>
              <AccountButton viewer={viewer} />
            </>
          ) : (
            <>
              <Link to={to("/login")} className="rounded-lg px-2.5 py-2 text-sm font-medium text-neutral-700 hover:text-neutral-950 dark:text-neutral-300 dark:hover:text-white">
                {t("header.login")}
              </Link>
              <Link to={to("/signup")} className="button-primary h-9 px-3.5">
                {t("header.join")}
              </Link>
            </>
          )}
          <SiteMenu socialUrl={settings.socialUrl} work={work} />
        </div>
      </div>
      {searching && <MobileSearch onClose={() => setSearching(false)} />}
    </header>
  );
}

/** Search on a phone: a full-screen layer over the page. */
function MobileSearch({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={t("header.search")}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // Chrome skips the cancel event for an Escape that follows one the suggestions consumed.
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-neutral-900 backdrop:bg-transparent dark:bg-neutral-950 dark:text-neutral-100"
    >
      <div className="flex items-center gap-2 px-4 pt-3">
        <SearchBox className="flex-1" autoFocus onDone={onClose} />
        <button type="button" className="icon-button shrink-0" aria-label={t("header.closeSearch")} onClick={onClose}>
          <CloseIcon size={22} />
        </button>
      </div>
      <p className="me-14 px-5 pt-6 text-sm text-neutral-600 dark:text-neutral-400">{t("header.searchHint")}</p>
    </dialog>
  );
}
