import { BackToGallery } from "~/components/back-to-gallery";
import { PageMain } from "~/components/page-main";
import { longDate } from "~/lib/dates";

/** Today's date as the legal pages show it, e.g. 'November 22, 2026'. */
export function todayLabel(): string {
  return longDate(new Date());
}

/** 'Version 1, November 23, 2026': a version of the license text (#contracts/license), as the license page and receipts name it. */
export function licenseVersionLabel(version: number, date: string): string {
  return `Version ${version}, ${longDate(new Date(`${date}T00:00:00Z`))}`;
}

/** The frame every legal page shares: back link, title, 'Last updated' (and the text's version, when it has one), readable prose. */
export function LegalPage({ title, updated, version, children }: { title: string; updated: string; version?: string; children: React.ReactNode }) {
  return (
    <PageMain className="page max-w-3xl pb-24 pt-6">
      <BackToGallery />
      <h1 className="mt-8 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">Last updated: {updated}</p>
      {version && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{version}</p>}
      <div className="legal mt-10">{children}</div>
    </PageMain>
  );
}

/** A list of allowed (✓) or forbidden (✗) uses. */
export function UseList({ kind, items }: { kind: "allowed" | "forbidden"; items: string[] }) {
  return (
    <ul className="not-prose my-4 grid gap-2 sm:grid-cols-2" aria-label={kind === "allowed" ? "Allowed uses" : "Forbidden uses"}>
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
