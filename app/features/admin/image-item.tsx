import { Link } from "react-router";
import type { AdminImage, ReviewReason } from "#contracts/admin";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import type { ActionFetcher } from "./admin-forms";
import { HideOrRestore, ImageThumbnail, StatusBadge } from "./image-moderation";

/** A review reason's message: invalid credentials that name no failure say so in words of their own. */
function reviewId(reason: ReviewReason) {
  return reason.code === "invalid" && !reason.values.failures ? "images.review.invalidUnexplained" : (`images.review.${reason.code}` as const);
}

/** One image in the images tab: its status, creator and tags; hide or restore, and edit in the studio. */
export function ImageItem({ image, fetcher }: { image: AdminImage; fetcher: ActionFetcher }) {
  const t = useT();
  const to = useLocalizedPath();
  const hidden = image.status === "hidden";
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
      <ImageThumbnail image={image} sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" className="w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="flex items-start justify-between gap-2 font-semibold">
          <span className="min-w-0 break-words" translate="no" dir="auto">
            {image.title}
          </span>
          <StatusBadge status={image.status} />
        </h3>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          <Trans id="images.byline" values={{ creator: <span translate="no">{image.creator.name}</span>, id: image.id }} components={{}} />
        </p>
        {image.tags.length > 0 && (
          <p className="line-clamp-2 text-xs text-neutral-600 dark:text-neutral-400" translate="no" dir="auto">
            {image.tags.join(", ")}
          </p>
        )}
        {image.review && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <strong>{t("images.needsReview")}</strong> {image.review.map((reason) => t(reviewId(reason), reason.values)).join(t("images.review.between"))}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <HideOrRestore fetcher={fetcher} image={image} />
          <Link to={to(`/studio/images/${image.id}`)} className="button-secondary" aria-label={t("images.editLabel", { title: image.title })}>
            {t("images.edit")}
          </Link>
          {!hidden && (
            <a href={to(image.path)} className="button-secondary" aria-label={t("images.viewLabel", { title: image.title })}>
              {t("images.view")}
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
