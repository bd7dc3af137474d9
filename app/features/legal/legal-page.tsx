import { DEFAULT_LOCALE, textDirection } from "#contracts/locales";
import { BackToGallery } from "~/components/back-to-gallery";
import { PageMain } from "~/components/page-main";
import { type MessageId, metaT, useLocale, useT } from "~/i18n/i18n";

/**
 * The frame every legal page shares: back link, title, 'Last updated' (and the text's version,
 * when it has one), readable prose. The text itself is English in every language: elsewhere a
 * line says so, and the text is marked English (left to right) while its headings keep the page's language.
 */
export function LegalPage({ title, updated, version, children }: { title: MessageId; updated: string; version?: string; children: React.ReactNode }) {
  const t = useT();
  const english = useLocale() === DEFAULT_LOCALE;
  return (
    <PageMain className="page max-w-3xl pb-24 pt-6">
      <BackToGallery />
      <h1 className="mt-8 text-3xl font-semibold tracking-tight sm:text-4xl">{t(title)}</h1>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{t("legal.lastUpdated", { date: updated })}</p>
      {version && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{version}</p>}
      {!english && <p className="mt-6 rounded-xl bg-neutral-100 px-4 py-3 text-sm dark:bg-neutral-800">{t("legal.inEnglish")}</p>}
      <div className="legal mt-10" {...(english ? {} : { lang: "en", dir: "ltr" })}>
        {children}
      </div>
    </PageMain>
  );
}

/** A legal page's `meta`: its title and description in the page's language. */
export const legalMeta =
  (page: "license" | "privacy" | "terms") =>
  ({ data, location }: { data?: { messages?: unknown }; location: { pathname: string } }) => {
    const t = metaT(location.pathname, data);
    return [{ title: t(`legal.${page}.metaTitle`) }, { name: "description", content: t(`legal.${page}.description`) }];
  };

/** A section's heading: in the page's language (and its direction) over the English text. */
export function LegalHeading({ id }: { id: MessageId }) {
  const t = useT();
  const locale = useLocale();
  return <h2 {...(locale === DEFAULT_LOCALE ? {} : { lang: locale, dir: textDirection(locale) })}>{t(id)}</h2>;
}

/** A list of allowed (✓) or forbidden (✗) uses. */
export function UseList({ kind, items }: { kind: "allowed" | "forbidden"; items: string[] }) {
  const t = useT();
  return (
    <ul className="not-prose my-4 grid gap-2 sm:grid-cols-2" aria-label={t(kind === "allowed" ? "legal.allowedUses" : "legal.forbiddenUses")}>
      {items.map((item) => (
        <li
          key={item}
          className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${kind === "allowed" ? "border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100" : "border-rose-200 bg-rose-50 text-rose-950 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-100"}`}
        >
          <span aria-hidden="true" className="font-semibold">
            {kind === "allowed" ? "✓" : "✗"}
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
