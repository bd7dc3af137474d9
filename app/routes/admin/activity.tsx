import { Link } from "react-router";
import { longDateTime } from "~/lib/dates";
import type { Route } from "./+types/activity";

export const meta = () => [{ title: "Activity · Admin · Stockroom" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const before = Number(new URL(request.url).searchParams.get("before"));
  const { entries, older } = await context.services.audit.recent(await context.viewer(), Number.isSafeInteger(before) && before > 0 ? before : undefined);
  return { older, entries: entries.map(({ id, at, actorLabel, action, targetType, targetId, targetLabel, details }) => ({
      id,
      at: at.toISOString(),
      actorLabel,
      action,
      target: targetName(targetType, targetId, targetLabel),
      details,
    })) };
}

/** What an audit entry's action means, in words. */
const actionLabels: Record<string, string> = {
  "account.role": "changed the role of",
  "account.disable": "disabled",
  "account.enable": "enabled",
  "image.hide": "hid",
  "image.restore": "restored",
  "report.dismiss": "dismissed",
  "image.edit": "edited",
  "image.delete": "deleted",
};

/** What an entry acted on: an account by its email, an image by its title and number, while they exist. */
function targetName(type: string, id: string, label: string | null): string {
  if (type === "account") return `account ${label ?? id}`;
  return label ? `${type} “${label}” (#${id})` : `${type} #${id}`;
}

/** An entry's details in a fixed, readable order: a role change reads "from member to creator". */
function detailsText(details: Record<string, unknown>): string {
  if (typeof details.from === "string" && typeof details.to === "string") return `from ${details.from} to ${details.to}`;
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(", ");
}

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
              <span className="font-medium">{entry.actorLabel}</span> {actionLabels[entry.action] ?? entry.action} {entry.target}
              {Object.keys(entry.details).length > 0 && (
                <span className="text-neutral-600 dark:text-neutral-400">
                  {" "}
                  ({detailsText(entry.details)})
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
