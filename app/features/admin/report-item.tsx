import type { QueuedReport } from "#contracts/admin";
import { reportReasonLabels } from "#contracts/engagement";
import { longDateTime } from "~/lib/dates";
import { ActionButton, type ActionFetcher } from "./admin-forms";
import { HideOrRestore, ImageThumbnail, StatusBadge } from "./image-moderation";

/** One open report in the queue: the image, why and by whom it was reported, and hide, restore or dismiss. */
export function ReportItem({ report, fetcher }: { report: QueuedReport; fetcher: ActionFetcher }) {
  const { image } = report;
  const hidden = image.status === "hidden";
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:flex-row dark:border-neutral-800 dark:bg-neutral-900">
      <ImageThumbnail image={image} sizes="(min-width: 640px) 192px, 128px" className="w-32 self-start rounded-xl sm:w-48" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {hidden ? image.title : (
            <a href={image.path} className="underline-offset-2 hover:underline">
              {image.title}
            </a>
          )}
          <StatusBadge status={image.status} />
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-neutral-600 dark:text-neutral-400">Reason</dt>
          <dd className="font-medium">{reportReasonLabels[report.reason]}</dd>
          {report.details && (
            <>
              <dt className="text-neutral-600 dark:text-neutral-400">Details</dt>
              <dd className="whitespace-pre-line break-words">{report.details}</dd>
            </>
          )}
          <dt className="text-neutral-600 dark:text-neutral-400">Reporter</dt>
          <dd className="break-words">{report.reporterEmail ? `${report.reporterName} (${report.reporterEmail})` : "Anonymous visitor"}</dd>
          <dt className="text-neutral-600 dark:text-neutral-400">Reported</dt>
          <dd>
            <time dateTime={report.createdAt.toISOString()}>{longDateTime(report.createdAt)}</time>
          </dd>
          <dt className="text-neutral-600 dark:text-neutral-400">Open reports</dt>
          <dd>{report.openOnImage} on this image</dd>
        </dl>
        <div className="mt-2 flex flex-wrap gap-2">
          <HideOrRestore fetcher={fetcher} image={image} hideLabel="Hide image" className="button-primary" />
          <ActionButton fetcher={fetcher} intent="dismiss" fields={{ reportId: report.id }} label="Dismiss report" busyLabel="Dismissing..." accessibleLabel={`Dismiss report ${report.id} on ${image.title}`} />
        </div>
      </div>
    </li>
  );
}
