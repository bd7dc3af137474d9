import type { AdminImage, ImageStatus } from "#contracts/admin";
import { Picture } from "~/components/picture";
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
  return status === "hidden" ? (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">Hidden</span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">Published</span>
  );
}

/** Hide (after asking, with an optional reason) or restore the image, as its status allows. */
export function HideOrRestore({ fetcher, image, hideLabel, className }: { fetcher: ActionFetcher; image: AdminImage; hideLabel: string; className?: string }) {
  return image.status === "hidden" ? (
    <ActionButton fetcher={fetcher} intent="restore" fields={{ imageId: image.id }} label="Restore" busyLabel="Restoring..." accessibleLabel={`Restore “${image.title}”`} />
  ) : (
    <ActionButton
      fetcher={fetcher}
      intent="hide"
      fields={{ imageId: image.id }}
      label={hideLabel}
      busyLabel="Hiding..."
      accessibleLabel={`${hideLabel} “${image.title}”`}
      className={className}
      confirm={{
        title: `Hide “${image.title}”?`,
        body: "It leaves the gallery, search, its creator's page and its own page at once, and its open reports are resolved. You can restore it later.",
        reasonLabel: "Reason (optional, kept with the reports)",
      }}
    />
  );
}
