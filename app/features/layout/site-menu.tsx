import { useCallback, useId, useRef } from "react";
import { Link } from "react-router";
import { type MessageId, useLocalizedPath, useT } from "~/i18n/i18n";
import { MenuIcon } from "~/lib/icons";
import { useOpenUntilNavigation } from "~/lib/use-open-until-navigation";
import { useOutsideClick } from "~/lib/use-outside-click";
import { LanguagePicker } from "./language-picker";
import { ContactLink, SiteLinkItem, siteLinkGroups } from "./site-links";

const separated = "mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800";

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
          {siteLinkGroups.map((group, g) =>
            group.map((link, i) => (
              <li key={link.to} className={i === 0 && (g > 0 || work.length > 0) ? separated : undefined}>
                <SiteLinkItem link={link} className="menu-item py-2.5" />
              </li>
            )),
          )}
          <li className={separated}>
            <ContactLink href={socialUrl} className="menu-item justify-between py-2.5" />
          </li>
          <li className={separated}>
            <LanguagePicker
              labelId={`${id}-language`}
              label={t("menu.language")}
              labelClass="px-3.5 pb-1 pt-1.5 text-xs font-medium text-neutral-600 dark:text-neutral-400"
              listClass="grid grid-cols-2"
              linkClass="menu-item py-2 aria-[current=page]:font-semibold"
            />
          </li>
        </ul>
      </nav>
    </div>
  );
}
