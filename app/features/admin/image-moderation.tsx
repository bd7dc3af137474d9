import type { AdminImage, ImageStatus } from "#contracts/admin";
import { Picture } from "~/components/picture";
import { useT } from "~/i18n/i18n";
import { ActionButton, type ActionFetcher } from "./admin-forms";

/** An image small, cropped to 4:3 over its dominant colour, as the admin lists show it; `className` sizes it. */
export function ImageThumbnail({ image, sizes, className }: { image: AdminImage; sizes: string; className: string }) {
  return (
    <div className={`aspect-[4/3] shrink-0 overflow-hidden ${className}`} style={{ backgroundColor: image.color }}>
      <Picture image={image} sizes={sizes} className="h-full w-full object-cover" />
    </div>
  );
}

/** "Published" or "Hidden", in words and colour. */
export function StatusBadge({ status }: { status: ImageStatus }) {
  const t = useT();
  return status === "hidden" ? (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">{t("image.hidden")}</span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">{t("image.published")}</span>
  );
}

/** Hide (after asking, with an optional reason) or restore the image, as its status allows; `long`: the button says "Hide image". */
export function HideOrRestore({ fetcher, image, long = false, className }: { fetcher: ActionFetcher; image: AdminImage; long?: boolean; className?: string }) {
  const t = useT();
  const title = image.title;
  return image.status === "hidden" ? (
    <ActionButton fetcher={fetcher} intent="restore" fields={{ imageId: image.id }} label={t("image.restore")} busyLabel={t("image.restoring")} accessibleLabel={t("image.restoreLabel", { title })} />
  ) : (
    <ActionButton
      fetcher={fetcher}
      intent="hide"
      fields={{ imageId: image.id }}
      label={long ? t("moderation.hideImage") : t("image.hide")}
      busyLabel={t("image.hiding")}
      accessibleLabel={long ? t("moderation.hideImageLabel", { title }) : t("image.hideLabel", { title })}
      className={className}
      confirm={{ title: t("image.hideTitle", { title }), body: t("image.hideBody"), reasonLabel: t("image.hideReason") }}
    />
  );
}
