import { Link } from "react-router";
import type { Receipt, ReceiptPage } from "#contracts/receipts";
import { useLocalizedPath, useT } from "~/i18n/i18n";

/**
 * What a receipt says in the page's language (area `receipts`): its size ('Small · 640 × 427 px')
 * and when it was downloaded ('November 23, 2026, 14:05 UTC'), the day as the loader wrote it
 * (`dates`, from knownTexts, so the page hydrates without a date formatter) and the time read
 * from the ISO text, which is UTC.
 */
export function useReceiptTexts(dates: Record<string, string>) {
  const t = useT();
  return {
    size: (receipt: Pick<Receipt, "size" | "width" | "height">): string =>
      t("receipt.sizeLine", { size: t(`receipt.size.${receipt.size}`), width: receipt.width, height: receipt.height }),
    downloadedAt: (iso: string): string => t("receipt.dateTime", { date: dates[iso], time: iso.slice(11, 16) }),
  };
}

/**
 * The Downloads tab: the viewer's receipts, newest first, a page at a time (`olderHref` leads
 * to the next page), each linking to its printable receipt; `dates` are the days of their
 * downloads as the loader wrote them.
 */
export function DownloadReceipts({ page, dates, olderHref, newestHref }: { page: ReceiptPage; dates: Record<string, string>; olderHref: string | null; newestHref: string | null }) {
  const t = useT();
  const to = useLocalizedPath();
  const texts = useReceiptTexts(dates);
  if (page.items.length === 0 && !newestHref) {
    return (
      <div className="rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center dark:border-neutral-700">
        <h3 className="text-lg font-semibold">{t("profile.downloads.emptyTitle")}</h3>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t("profile.downloads.emptyBody")}</p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t("profile.downloads.label")} className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {page.items.map((receipt) => (
          <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium" translate="no" dir="auto">
                {receipt.imageTitle}
              </p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                {texts.size(receipt)} · {texts.downloadedAt(receipt.downloadedAt)}
              </p>
            </div>
            <Link
              to={to(`/receipts/${receipt.id}`)}
              className="button-secondary"
              aria-label={t("profile.downloads.receiptFor", { title: receipt.imageTitle, date: texts.downloadedAt(receipt.downloadedAt) })}
            >
              {t("profile.downloads.receipt")}
            </Link>
          </li>
        ))}
      </ul>
      {(olderHref || newestHref) && (
        <nav aria-label={t("profile.downloads.pages")} className="mt-6 flex justify-center gap-3">
          {newestHref && (
            <Link to={newestHref} className="button-secondary" preventScrollReset>
              {t("profile.downloads.newest")}
            </Link>
          )}
          {olderHref && (
            <Link to={olderHref} className="button-secondary" preventScrollReset>
              {t("profile.downloads.older")}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
