import { accountsQuery } from "#contracts/admin";
import { AccountItem } from "~/features/admin/account-item";
import { ActionBanner, useActionFetcher, EmptyList, NextPage, SearchForm } from "~/features/admin/admin-forms";
import { accountAction } from "~/features/admin/actions.server";
import { adminMetaT } from "~/features/admin/admin-meta";
import { useT } from "~/i18n/i18n";
import type { Route } from "./+types/accounts";

export function meta(args: Route.MetaArgs) {
  return [{ title: adminMetaT(args)("accounts.metaTitle") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = accountsQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const viewer = await context.viewer();
  return { query, ...(await context.services.accountAdmin.search(viewer, query.q, query.page)), me: viewer?.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context);
}

/** /admin/accounts: accounts found by name or email; roles, and disabling. */
export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useActionFetcher();
  const t = useT();
  const { query, accounts, nextPage, me } = loaderData;
  const next = nextPage === null ? null : `?${new URLSearchParams({ ...(query.q && { q: query.q }), page: String(nextPage) })}`;
  return (
    <section aria-labelledby="accounts-heading" className="flex flex-col gap-4">
      <h2 id="accounts-heading" className="text-xl font-semibold">
        {t("accounts.title")}
      </h2>
      <SearchForm label={t("accounts.search")} query={query.q} placeholder={t("accounts.placeholder")} />
      <ActionBanner result={actionData} />
      {accounts.length === 0 ? (
        <EmptyList>{t("accounts.empty")}</EmptyList>
      ) : (
        <ul aria-label={t("accounts.title")} className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
          {accounts.map((account) => (
            <AccountItem key={account.id} fetcher={fetcher} account={account} self={account.id === me} />
          ))}
        </ul>
      )}
      <NextPage to={next} label={t("accounts.more")} />
    </section>
  );
}
