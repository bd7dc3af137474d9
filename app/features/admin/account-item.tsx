import { useId } from "react";
import { roles } from "#contracts/account";
import type { ManagedAccount } from "#contracts/admin";
import { useLocale, useT } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import { longDate } from "~/lib/dates";
import { ActionButton, sending, type ActionFetcher } from "./admin-forms";

/**
 * One account: name, email, role, when it joined and whether it is disabled; a role to pick
 * and save, and disable (after asking) or enable. Not for the admin's own account: they
 * cannot lower their own role or shut themselves out.
 */
export function AccountItem({ account, self, fetcher }: { account: ManagedAccount; self: boolean; fetcher: ActionFetcher }) {
  const t = useT();
  const locale = useLocale();
  const roleId = useId();
  const busy = fetcher.state !== "idle";
  const { name, email } = account;
  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words" translate="no">
            {name}
          </span>
          {self && <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs dark:bg-neutral-800">{t("accounts.you")}</span>}
          {account.disabledAt && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">{t("accounts.disabled")}</span>}
        </p>
        <p className="break-all text-sm text-neutral-600 dark:text-neutral-400" translate="no">
          {email}
        </p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          <Trans
            id="accounts.joined"
            values={{ role: t(`role.${account.role}`), date: <time dateTime={account.createdAt.toISOString()}>{longDate(account.createdAt, locale)}</time> }}
            components={{}}
          />
        </p>
      </div>
      {!self && (
        <div className="flex flex-wrap items-end gap-2">
          <fetcher.Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="accountId" value={account.id} />
            <div className="flex flex-col gap-1">
              <label htmlFor={roleId} className="text-xs font-medium">
                <Trans id="accounts.role" values={{ name }} components={{ 0: <span className="sr-only" /> }} />
              </label>
              <select id={roleId} name="role" defaultValue={account.role} key={account.role} className="field h-10 w-32">
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {t(`role.${role}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button-secondary" disabled={busy} aria-label={t("accounts.saveLabel", { name })}>
              {sending(fetcher, "role", { accountId: account.id }) ? t("accounts.saving") : t("accounts.save")}
            </button>
          </fetcher.Form>
          {account.disabledAt ? (
            <ActionButton fetcher={fetcher} intent="enable" fields={{ accountId: account.id }} label={t("accounts.enable")} busyLabel={t("accounts.enabling")} accessibleLabel={t("accounts.enableLabel", { name })} />
          ) : (
            <ActionButton
              fetcher={fetcher}
              intent="disable"
              fields={{ accountId: account.id }}
              label={t("accounts.disable")}
              busyLabel={t("accounts.disabling")}
              accessibleLabel={t("accounts.disableLabel", { name })}
              confirm={{ title: t("accounts.disableTitle", { email }), body: t("accounts.disableBody") }}
            />
          )}
        </div>
      )}
    </li>
  );
}
