import { moderationQuery } from "#contracts/admin";
import { ActionBanner, useActionFetcher, EmptyList, NextPage } from "~/features/admin/admin-forms";
import { moderationAction } from "~/features/admin/actions.server";
import { ReportItem } from "~/features/admin/report-item";
import type { Route } from "./+types/moderation";

export const meta = () => [{ title: "Moderation · Admin · Stockroom" }];

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
  const { total, reports, next } = loaderData;
  return (
    <section aria-labelledby="moderation-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="moderation-heading" className="text-xl font-semibold">
          Moderation queue
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {total === 0 ? "No open reports." : `${total} open report${total === 1 ? "" : "s"}, oldest first.`} Hiding an image takes it off the whole site at once and resolves all its reports.
        </p>
      </div>
      <ActionBanner result={actionData} />
      {reports.length === 0 ? (
        <EmptyList>Nothing to review. Reports from visitors show up here.</EmptyList>
      ) : (
        <ol aria-label="Open reports" className="flex flex-col gap-4">
          {reports.map((report) => (
            <ReportItem key={report.id} fetcher={fetcher} report={report} />
          ))}
        </ol>
      )}
      <NextPage to={next === null ? null : `?after=${next}`} label="More reports" />
    </section>
  );
}
