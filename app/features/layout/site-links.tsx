import { VERIFY_PAGE_PATH } from "#contracts/credentials-paths";
import { Link } from "react-router";
import { type MessageId, useLocalizedPath, useT } from "~/i18n/i18n";
import { ExternalIcon } from "~/lib/icons";

interface SiteLink {
  to: string;
  label: MessageId;
  /** A document of its own: its Content-Security-Policy lets the API reference write its styles (decision 010). */
  document?: boolean;
}

/** The site's own pages that every page offers, in the menu and the footer alike: the legal pages, then the tools for others. */
export const siteLinkGroups: ReadonlyArray<ReadonlyArray<SiteLink>> = [
  [
    { to: "/privacy-policy", label: "menu.privacy" },
    { to: "/terms-of-service", label: "menu.terms" },
    { to: "/license", label: "menu.license" },
  ],
  [
    { to: VERIFY_PAGE_PATH, label: "menu.verify" },
    { to: "/developers", label: "menu.developers", document: true },
  ],
];

/** One of `siteLinkGroups`, in the page's language. */
export function SiteLinkItem({ link, className }: { link: SiteLink; className: string }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <Link to={to(link.to)} reloadDocument={link.document} className={className}>
      {t(link.label)}
    </Link>
  );
}

/** The site's social profile (its settings' `socialUrl`), which opens in a new tab. */
export function ContactLink({ href, className }: { href: string; className: string }) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {t("menu.contact")}
      <ExternalIcon size={16} className="text-neutral-500" />
      <span className="sr-only">{t("menu.newTab")}</span>
    </a>
  );
}
