import { useId } from "react";
import { useT } from "~/i18n/i18n";
import { useRootData } from "~/lib/viewer";
import { LanguagePicker } from "./language-picker";
import { ContactLink, SiteLinkItem, siteLinkGroups } from "./site-links";

const linkClass = "inline-flex min-h-6 items-center gap-1.5 text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white";

/**
 * The end of a page: the site's pages as the menu lists them, and the page in each language.
 * Plain links, rendered with the page. A list that grows as it is scrolled draws it itself
 * once its last page is there (root.tsx's `footer` handle), so it never sits under images still coming.
 */
export function Footer() {
  const t = useT();
  const id = useId();
  const { socialUrl } = useRootData().settings;
  return (
    <footer className="mt-auto border-t border-neutral-200 text-sm print:hidden dark:border-neutral-800">
      <div className="page flex flex-col gap-5 py-8">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {siteLinkGroups.flat().map((link) => (
            <li key={link.to}>
              <SiteLinkItem link={link} className={linkClass} />
            </li>
          ))}
          <li>
            <ContactLink href={socialUrl} className={linkClass} />
          </li>
        </ul>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <LanguagePicker
            labelId={`${id}-language`}
            label={t("menu.language")}
            labelClass="font-medium text-neutral-900 dark:text-neutral-100"
            listClass="flex flex-wrap gap-x-4 gap-y-2"
            linkClass={`${linkClass} aria-[current=page]:font-semibold aria-[current=page]:text-neutral-950 dark:aria-[current=page]:text-white`}
          />
        </div>
      </div>
    </footer>
  );
}
