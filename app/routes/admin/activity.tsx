import { Link } from "react-router";
import { longDateTime } from "~/lib/dates";
import type { Route } from "./+types/activity";

export const meta = () => [{ title: "Activity · Admin · Stockroom" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const before = Number(new URL(request.url).searchParams.get("before"));
  const { entries, older } = await context.services.audit.recent(await context.viewer(), Number.isSafeInteger(before) && before > 0 ? before : undefined);
  return { older, entries: entries.map(({ id, at, actorLabel, action, targetType, targetId, details }) => ({ id, at: at.toISOString(), actorLabel, action, targetType, targetId, details })) };
}

/** What an audit entry's action means, in words. */
const actionLabels: Record<string, string> = {
  "account.role": "changed the role of",
  "account.disable": "disabled",
  "account.enable": "enabled",
  "image.hide": "hid",
  "image.restore": "restored",
  "report.dismiss": "dismissed",
};

/** /admin: the audit log, newest first: who did what to which account or image. */
export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { entries, older } = loaderData;
  if (entries.length === 0) return <p className="text-neutral-600 dark:text-neutral-400">No admin actions yet.</p>;
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-xl font-semibold">
        Activity
      </h2>
      <ol aria-label="Admin actions" className="mt-4 divide-y divide-neutral-200 dark:divide-neutral-800">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
            <time dateTime={entry.at} className="shrink-0 text-sm tabular-nums text-neutral-600 dark:text-neutral-400 sm:w-56">
              {longDateTime(new Date(entry.at))}
            </time>
            <p>
              <span className="font-medium">{entry.actorLabel}</span> {actionLabels[entry.action] ?? entry.action} {entry.targetType} {entry.targetId}
              {Object.keys(entry.details).length > 0 && (
                <span className="text-neutral-600 dark:text-neutral-400">
                  {" "}
                  ({Object.entries(entry.details).map(([key, value]) => `${key}: ${String(value)}`).join(", ")})
                </span>
              )}
            </p>
          </li>
        ))}
      </ol>
      {older !== null && (
        <Link to={`?before=${older}`} className="button-secondary mt-6 inline-flex">
          Older entries
        </Link>
      )}
    </section>
  );
}
