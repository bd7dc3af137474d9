import type { QueuedReport } from "#contracts/admin";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { ActionButton, type ActionFetcher } from "./admin-forms";
import { useDateTime } from "./date-time";
import { HideOrRestore, ImageThumbnail, StatusBadge } from "./image-moderation";

/** One open report in the queue: the image, why and by whom it was reported, and hide, restore or dismiss. */
export function ReportItem({ report, fetcher }: { report: QueuedReport; fetcher: ActionFetcher }) {
  const t = useT();
  const to = useLocalizedPath();
  const at = useDateTime();
  const { image } = report;
  const hidden = image.status === "hidden";
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:flex-row dark:border-neutral-800 dark:bg-neutral-900">
      <ImageThumbnail image={image} sizes="(min-width: 640px) 192px, 128px" className="w-32 self-start rounded-xl sm:w-48" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {hidden ? (
            <span translate="no" dir="auto">{image.title}</span>
          ) : (
            <a href={to(image.path)} translate="no" className="underline-offset-2 hover:underline">
              {image.title}
            </a>
          )}
          <StatusBadge status={image.status} />
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-neutral-600 dark:text-neutral-400">{t("moderation.reason")}</dt>
          <dd className="font-medium">{t(`moderation.reason.${report.reason}`)}</dd>
          {report.details && (
            <>
              <dt className="text-neutral-600 dark:text-neutral-400">{t("moderation.details")}</dt>
              <dd className="whitespace-pre-line break-words" translate="no" dir="auto">
                {report.details}
              </dd>
            </>
          )}
          <dt className="text-neutral-600 dark:text-neutral-400">{t("moderation.reporter")}</dt>
          {report.reporterEmail ? (
            <dd className="break-words" translate="no">{`${report.reporterName} (${report.reporterEmail})`}</dd>
          ) : (
            <dd className="break-words">{t("moderation.anonymous")}</dd>
          )}
          <dt className="text-neutral-600 dark:text-neutral-400">{t("moderation.reported")}</dt>
          <dd>
            <time dateTime={report.createdAt.toISOString()}>{at(report.createdAt)}</time>
          </dd>
          <dt className="text-neutral-600 dark:text-neutral-400">{t("moderation.openReports")}</dt>
          <dd>{t("moderation.onImage", { count: report.openOnImage })}</dd>
        </dl>
        <div className="mt-2 flex flex-wrap gap-2">
          <HideOrRestore fetcher={fetcher} image={image} long className="button-primary" />
          <ActionButton fetcher={fetcher} intent="dismiss" fields={{ reportId: report.id }} label={t("moderation.dismiss")} busyLabel={t("moderation.dismissing")} accessibleLabel={t("moderation.dismissLabel", { id: report.id, title: image.title })} />
        </div>
      </div>
    </li>
  );
}
