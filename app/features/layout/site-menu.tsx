import { VERIFY_PAGE_PATH } from "#contracts/credentials-paths";
import { useCallback, useId, useRef } from "react";
import { Link } from "react-router";
import { ExternalIcon, MenuIcon } from "~/lib/icons";
import { useOpenUntilNavigation } from "~/lib/use-open-until-navigation";
import { useOutsideClick } from "~/lib/use-outside-click";

export const legalLinks = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/license", label: "License" },
] as const;

/** The header's menu: where creators and admins work (`work`), the legal pages, the API reference and the social profile. */
export function SiteMenu({ socialUrl, work }: { socialUrl: string; work: ReadonlyArray<{ to: string; label: string }> }) {
  const [open, setOpen] = useOpenUntilNavigation();
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
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon size={22} />
      </button>
      <nav
        id={id}
        aria-label="Site"
        hidden={!open}
        className="absolute right-0 top-full z-40 mt-2 w-60 overflow-hidden rounded-2xl border border-neutral-200 bg-white py-2 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
      >
        <ul>
          {work.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="menu-item py-2.5">
                {link.label}
              </Link>
            </li>
          ))}
          {legalLinks.map((link, i) => (
            <li key={link.to} className={i === 0 && work.length > 0 ? "mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800" : undefined}>
              <Link to={link.to} className="menu-item py-2.5">
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800">
            <Link to={VERIFY_PAGE_PATH} className="menu-item py-2.5">
              Verify a file
            </Link>
          </li>
          <li>
            {/* A document of its own: its Content-Security-Policy lets the API reference write its styles (decision 010). */}
            <Link to="/developers" reloadDocument className="menu-item py-2.5">
              Developers
            </Link>
          </li>
          <li className="mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800">
            <a href={socialUrl} target="_blank" rel="noopener noreferrer" className="menu-item justify-between py-2.5">
              Contact us
              <ExternalIcon size={16} className="text-neutral-500" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
