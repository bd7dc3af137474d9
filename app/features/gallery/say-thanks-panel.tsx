import { useId, useState } from "react";
import { Link } from "react-router";
import type { ImageSummary } from "#contracts/catalog";
import { useToggleLike } from "~/components/engagement/like-button";
import { closeThanks } from "~/components/engagement/thanks";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { CloseIcon, HeartIcon } from "~/lib/icons";
import { toast } from "~/lib/toast";
import { useRootData } from "~/lib/viewer";
import { creatorPath } from "./image-card";

const SITE = "Stockroom";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The credit line in the page's language ("Image by {creator} on {site}"), as plain text and as HTML with its links. */
function creditLine(t: ReturnType<typeof useT>, image: ImageSummary, baseUrl: string): { text: string; html: string } {
  const imageUrl = `${baseUrl}${image.path}`;
  const creatorUrl = `${baseUrl}${creatorPath(image.creator.name)}`;
  return {
    text: `${t("thanks.creditLine", { creator: image.creator.name, site: SITE })} — ${imageUrl}`,
    html: t("thanks.creditLine", {
      creator: `<a href="${escapeHtml(creatorUrl)}">${escapeHtml(image.creator.name)}</a>`,
      site: `<a href="${escapeHtml(imageUrl)}">${SITE}</a>`,
    }),
  };
}

/** Copies both forms: a rich editor pastes the links, a plain field the text. */
async function copyCredit(t: ReturnType<typeof useT>, credit: { text: string; html: string }): Promise<void> {
  try {
    await navigator.clipboard.write([
      new ClipboardItem({ "text/plain": new Blob([credit.text], { type: "text/plain" }), "text/html": new Blob([credit.html], { type: "text/html" }) }),
    ]);
    toast.success(t("thanks.copied"));
  } catch {
    toast.error(t("thanks.copyFailed"), { description: credit.text });
  }
}

/**
 * After a download: "Say thanks to {creator}", a credit line to copy, the creator's page and
 * Like (when not liked yet); credit is not required, and the panel says so. Not modal: the
 * visitor may go on as if it were not there.
 */
export default function SayThanksPanel({ image }: { image: ImageSummary }) {
  const { settings } = useRootData();
  const titleId = useId();
  const t = useT();
  const to = useLocalizedPath();
  const like = useToggleLike(image);
  // Like is offered when the image was not liked at the download; once pressed it stays, pressed.
  const [offerLike] = useState(!like.liked);
  const credit = creditLine(t, image, settings.baseUrl);

  return (
    <section
      aria-labelledby={titleId}
      className="fixed bottom-4 right-4 z-50 w-[min(24rem,calc(100vw-1rem))] rounded-2xl border border-neutral-200 bg-white p-5 text-neutral-900 shadow-2xl max-sm:inset-x-2 max-sm:bottom-[4.5rem] max-sm:w-auto dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold">
          {t("thanks.title", { creator: image.creator.name })}
        </h2>
        <button type="button" onClick={() => closeThanks(false)} className="icon-button -mr-2 -mt-2 shrink-0" aria-label={t("thanks.dismiss")}>
          <CloseIcon size={20} />
        </button>
      </div>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t("thanks.note")}</p>
      <p className="mt-3 rounded-lg bg-neutral-100 px-3 py-2 text-sm break-words dark:bg-neutral-800">{credit.text}</p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button type="button" className="button-primary" onClick={() => void copyCredit(t, credit)}>
          {t("thanks.copy")}
        </button>
        {offerLike && (
          <button type="button" className="button-secondary px-3" onClick={like.toggle} aria-pressed={like.liked} aria-label={t("thanks.likeImage", { title: image.title })}>
            <HeartIcon size={18} filled={like.liked} className={like.liked ? "text-rose-500" : undefined} />
            {t("thanks.like")}
          </button>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-neutral-200 pt-3 text-sm dark:border-neutral-700">
        <Link to={to(creatorPath(image.creator.name))} onClick={() => closeThanks(false)} className="font-medium underline underline-offset-4 hover:opacity-80">
          {t("thanks.creatorPage", { creator: image.creator.name })}
        </Link>
        <button type="button" onClick={() => closeThanks(true)} className="text-neutral-600 underline underline-offset-4 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100">
          {t("thanks.dontShow")}
        </button>
      </div>
    </section>
  );
}
