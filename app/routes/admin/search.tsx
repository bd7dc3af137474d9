import { useId } from "react";
import { ActionBanner, ActionButton, EmptyList, useActionFetcher } from "~/features/admin/admin-forms";
import { synonymsAction } from "~/features/admin/actions.server";
import { adminMetaT } from "~/features/admin/admin-meta";
import { useT } from "~/i18n/i18n";
import type { Route } from "./+types/search";

export function meta(args: Route.MetaArgs) {
  return [{ title: adminMetaT(args)("synonyms.metaTitle") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { groups: await context.services.search.synonyms(await context.viewer()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return synonymsAction(request, context);
}

/** /admin/search: groups of words that searches read as one (a search with one finds images with any). */
export default function AdminSearch({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useActionFetcher();
  const wordsId = useId();
  const t = useT();
  const { groups } = loaderData;
  return (
    <section aria-labelledby="synonyms-heading" className="flex flex-col gap-4">
      <h2 id="synonyms-heading" className="text-xl font-semibold">
        {t("synonyms.title")}
      </h2>
      <p className="text-neutral-600 dark:text-neutral-400">{t("synonyms.intro")}</p>
      <fetcher.Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="add" />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={wordsId} className="text-sm font-medium">
            {t("synonyms.words")}
          </label>
          <input id={wordsId} name="words" required maxLength={500} placeholder={t("synonyms.placeholder")} className="field h-10" />
        </div>
        <button type="submit" className="button-primary" disabled={fetcher.state !== "idle"}>
          {t("synonyms.add")}
        </button>
      </fetcher.Form>
      <ActionBanner result={actionData} />
      {groups.length === 0 ? (
        <EmptyList>{t("synonyms.empty")}</EmptyList>
      ) : (
        <ul aria-label={t("synonyms.list")} className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
          {groups.map((group) => (
            <li key={group.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <span translate="no">{group.words.join(", ")}</span>
              <ActionButton
                fetcher={fetcher}
                intent="remove"
                fields={{ groupId: group.id }}
                label={t("synonyms.remove")}
                busyLabel={t("synonyms.removing")}
                accessibleLabel={t("synonyms.removeGroup", { words: group.words.join(", ") })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
