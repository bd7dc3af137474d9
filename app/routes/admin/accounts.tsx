import { accountsQuery } from "#contracts/admin";
import { AccountItem } from "~/features/admin/account-item";
import { ActionBanner, useActionFetcher, EmptyList, NextPage, SearchForm } from "~/features/admin/admin-forms";
import { accountAction } from "~/features/admin/actions.server";
import type { Route } from "./+types/accounts";

export const meta = () => [{ title: "Accounts · Admin · Stockroom" }];

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
  const { query, accounts, nextPage, me } = loaderData;
  const next = nextPage === null ? null : `?${new URLSearchParams({ ...(query.q && { q: query.q }), page: String(nextPage) })}`;
  return (
    <section aria-labelledby="accounts-heading" className="flex flex-col gap-4">
      <h2 id="accounts-heading" className="text-xl font-semibold">
        Accounts
      </h2>
      <SearchForm label="Search accounts" query={query.q} placeholder="Name or email" />
      <ActionBanner result={actionData} />
      {accounts.length === 0 ? (
        <EmptyList>No accounts match.</EmptyList>
      ) : (
        <ul aria-label="Accounts" className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
          {accounts.map((account) => (
            <AccountItem key={account.id} fetcher={fetcher} account={account} self={account.id === me} />
          ))}
        </ul>
      )}
      <NextPage to={next} label="More accounts" />
    </section>
  );
}
