import { moderationQuery } from "#contracts/admin";
import { ActionBanner, useActionFetcher, EmptyList, NextPage } from "~/features/admin/admin-forms";
import { moderationAction } from "~/features/admin/actions.server";
import { adminMetaT } from "~/features/admin/admin-meta";
import { ReportItem } from "~/features/admin/report-item";
import { useT } from "~/i18n/i18n";
import type { Route } from "./+types/moderation";

export function meta(args: Route.MetaArgs) {
  return [{ title: adminMetaT(args)("moderation.metaTitle") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { after } = moderationQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return context.services.moderation.queue(await context.viewer(), after);
}

export async function action({ request, context }: Route.ActionArgs) {
  return moderationAction(request, context);
}

/** /admin/moderation: open reports, oldest first, each with its image and what can be done about it. */
export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useActionFetcher();
  const t = useT();
  const { total, reports, next } = loaderData;
  return (
    <section aria-labelledby="moderation-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="moderation-heading" className="text-xl font-semibold">
          {t("moderation.title")}
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {t("moderation.count", { total })} {t("moderation.hint")}
        </p>
      </div>
      <ActionBanner result={actionData} />
      {reports.length === 0 ? (
        <EmptyList>{t("moderation.empty")}</EmptyList>
      ) : (
        <ol aria-label={t("moderation.openReports")} className="flex flex-col gap-4">
          {reports.map((report) => (
            <ReportItem key={report.id} fetcher={fetcher} report={report} />
          ))}
        </ol>
      )}
      <NextPage to={next === null ? null : `?after=${next}`} label={t("moderation.more")} />
    </section>
  );
}
