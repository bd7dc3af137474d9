import type { ReactNode } from "react";
import { Link } from "react-router";
import { adminMetaT } from "~/features/admin/admin-meta";
import { useDateTime } from "~/features/admin/date-time";
import { useT, type MessageId } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import type { Route } from "./+types/activity";

export function meta(args: Route.MetaArgs) {
  return [{ title: adminMetaT(args)("activity.metaTitle") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const before = Number(new URL(request.url).searchParams.get("before"));
  const { entries, older } = await context.services.audit.recent(await context.viewer(), Number.isSafeInteger(before) && before > 0 ? before : undefined);
  return {
    older,
    entries: entries.map(({ id, at, actorLabel, action, targetType, targetId, targetLabel, details }) => ({
      id,
      at: at.toISOString(),
      actorLabel,
      action,
      targetType,
      targetId,
      targetLabel,
      details,
    })),
  };
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

/** What each audit entry's action says, in a sentence naming who and what. */
const sentences: Record<string, MessageId> = {
  "account.role": "activity.account.role",
  "account.disable": "activity.account.disable",
  "account.enable": "activity.account.enable",
  "image.hide": "activity.image.hide",
  "image.restore": "activity.image.restore",
  "report.dismiss": "activity.report.dismiss",
  "image.edit": "activity.image.edit",
  "image.delete": "activity.image.delete",
};

/** The names of the details entries carry, and of the roles a role change names. */
const detailNames: Record<string, MessageId> = {
  resolved: "activity.field.resolved",
  resolution: "activity.field.resolution",
  image: "activity.field.image",
  title: "activity.field.title",
  slug: "activity.field.slug",
  tags: "activity.field.tags",
  category: "activity.field.category",
  description: "activity.field.description",
  model: "activity.field.model",
  prompt: "activity.field.prompt",
};
const roleNames: Record<string, MessageId> = { member: "activity.role.member", creator: "activity.role.creator", admin: "activity.role.admin" };

/** Words an admin, a creator or a visitor wrote (an email, a title, a reason), kept as written. */
const asWritten = (text: string) => <span translate="no">{text}</span>;

/** What an entry acted on: an account by its email, an image by its title and number (while they exist), anything else by its number. */
function Target({ entry }: { entry: Entry }) {
  const t = useT();
  if (entry.targetType === "account") return asWritten(entry.targetLabel ?? entry.targetId);
  if (entry.targetLabel) return <Trans id="activity.named" values={{ name: asWritten(entry.targetLabel), id: entry.targetId }} components={{}} />;
  return <>{t("activity.number", { id: entry.targetId })}</>;
}

/** An entry's details: a role change reads "from member to creator"; other details as "name: value", their values as written. */
function Details({ details }: { details: Record<string, unknown> }) {
  const t = useT();
  let text: ReactNode;
  if (typeof details.from === "string" && typeof details.to === "string") {
    const role = (name: string) => (roleNames[name] ? t(roleNames[name]) : name);
    text = t("activity.fromTo", { from: role(details.from), to: role(details.to) });
  } else {
    // One element (Trans takes elements as values, not arrays of them).
    text = (
      <>
        {Object.entries(details).map(([key, value], index) => (
          <span key={key}>
            {index > 0 && ", "}
            <Trans id="activity.detail" values={{ key: detailNames[key] ? t(detailNames[key]) : asWritten(key), value: asWritten(typeof value === "object" ? JSON.stringify(value) : String(value)) }} components={{}} />
          </span>
        ))}
      </>
    );
  }
  return (
    <span className="text-neutral-600 dark:text-neutral-400">
      {" "}
      <Trans id="activity.details" values={{ details: text }} components={{}} />
    </span>
  );
}

/** /admin/activity: the audit log, newest first: who did what to which account or image. */
export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const at = useDateTime();
  const { entries, older } = loaderData;
  if (entries.length === 0) return <p className="text-neutral-600 dark:text-neutral-400">{t("activity.none")}</p>;
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-xl font-semibold">
        {t("activity.title")}
      </h2>
      <ol aria-label={t("activity.list")} className="mt-4 divide-y divide-neutral-200 dark:divide-neutral-800">
        {entries.map((entry) => {
          const actor = (
            <span className="font-medium" translate="no">
              {entry.actorLabel}
            </span>
          );
          const target = <Target entry={entry} />;
          const sentence = sentences[entry.action];
          return (
            <li key={entry.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={entry.at} className="shrink-0 text-sm tabular-nums text-neutral-600 dark:text-neutral-400 sm:w-56">
                {at(new Date(entry.at))}
              </time>
              <p>
                {sentence ? (
                  <Trans id={sentence} values={{ actor, target }} components={{}} />
                ) : (
                  <Trans id="activity.other" values={{ actor, action: asWritten(entry.action), type: asWritten(entry.targetType), target }} components={{}} />
                )}
                {Object.keys(entry.details).length > 0 && <Details details={entry.details} />}
              </p>
            </li>
          );
        })}
      </ol>
      {older !== null && (
        <Link to={`?before=${older}`} className="button-secondary mt-6 inline-flex">
          {t("activity.older")}
        </Link>
      )}
    </section>
  );
}
