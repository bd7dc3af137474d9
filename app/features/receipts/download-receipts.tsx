import { Link } from "react-router";
import { downloadSizeLabels } from "#contracts/catalog-constants";
import type { Receipt, ReceiptPage } from "#contracts/receipts";
import { longDateTime } from "~/lib/dates";

/** 'Small · 640 × 427 px'. */
export function sizeLabel(receipt: Pick<Receipt, "size" | "width" | "height">): string {
  return `${downloadSizeLabels[receipt.size]} · ${receipt.width} × ${receipt.height} px`;
}

/**
 * The Downloads tab: the viewer's receipts, newest first, a page at a time (`olderHref` leads
 * to the next page), each linking to its printable receipt.
 */
export function DownloadReceipts({ page, olderHref, newestHref }: { page: ReceiptPage; olderHref: string | null; newestHref: string | null }) {
  if (page.items.length === 0 && !newestHref) {
    return (
      <div className="rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center dark:border-neutral-700">
        <h3 className="text-lg font-semibold">No downloads yet</h3>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">Each image you download gets a license receipt here.</p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Downloads" className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {page.items.map((receipt) => (
          <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{receipt.imageTitle}</p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                {sizeLabel(receipt)} · {longDateTime(new Date(receipt.downloadedAt))}
              </p>
            </div>
            <Link to={`/receipts/${receipt.id}`} className="button-secondary" aria-label={`Receipt for ${receipt.imageTitle}, ${longDateTime(new Date(receipt.downloadedAt))}`}>
              Receipt
            </Link>
          </li>
        ))}
      </ul>
      {(olderHref || newestHref) && (
        <nav aria-label="Downloads pages" className="mt-6 flex justify-center gap-3">
          {newestHref && (
            <Link to={newestHref} className="button-secondary" preventScrollReset>
              Newest
            </Link>
          )}
          {olderHref && (
            <Link to={olderHref} className="button-secondary" preventScrollReset>
              Older downloads
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
