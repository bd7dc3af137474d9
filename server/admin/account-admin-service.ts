import type { Role, Viewer } from "#contracts/account";
import type { ManagedAccount } from "#contracts/admin";
import { actorOf, COMMAND_LINE, type Actor } from "../access/actor.ts";
import { AppError } from "../errors.ts";
import type { AccountAdminRepository } from "./account-admin-repository.ts";
import { requireRole } from "../access/permissions.ts";

const ACCOUNTS_PAGE_SIZE = 50;

/**
 * Accounts as admins manage them: roles and disabling, each change written to the audit
 * log. The browser (an admin) and `npm run admin` (the operator, trusted as the first
 * admin must come from somewhere) go through the same rules.
 */
export interface AccountAdminService {
  /** Admins: accounts matching `query`, one page (from 1); `nextPage` when there may be more. */
  search(viewer: Viewer | null, query: string, page: number): Promise<{ accounts: ManagedAccount[]; nextPage: number | null }>;
  /** Admins: sets an account's role. An admin cannot lower their own role (someone must stay admin). */
  setRole(viewer: Viewer | null, accountId: string, role: Role): Promise<ManagedAccount>;
  /** Admins: disables (signed out everywhere, cannot sign in) or enables an account; never their own. */
  setDisabled(viewer: Viewer | null, accountId: string, disabled: boolean): Promise<ManagedAccount>;
  /** The command line: sets the role of the account with this email address; the role it had before. */
  setRoleByEmail(email: string, role: Role): Promise<{ account: ManagedAccount; before: Role }>;
  /** The command line: creators and admins. */
  withRoles(): Promise<ManagedAccount[]>;
}

export function createAccountAdminService(deps: { repository: AccountAdminRepository }): AccountAdminService {
  const { repository } = deps;

  async function existing(id: string): Promise<ManagedAccount> {
    const account = await repository.byId(id);
    if (!account) throw new AppError("NOT_FOUND", "Account not found");
    return account;
  }

  async function changeRole(actor: Actor, id: string, role: Role): Promise<{ account: ManagedAccount; before: Role }> {
    const before = await repository.setRole(actor, id, role);
    if (before === undefined) throw new AppError("NOT_FOUND", "Account not found");
    return { account: await existing(id), before };
  }

  return {
    async search(viewer, query, page) {
      requireRole(viewer, "admin");
      const accounts = await repository.search(query, ACCOUNTS_PAGE_SIZE, Math.max(0, page - 1) * ACCOUNTS_PAGE_SIZE);
      return { accounts, nextPage: accounts.length === ACCOUNTS_PAGE_SIZE ? page + 1 : null };
    },

    async setRole(viewer, accountId, role) {
      const admin = requireRole(viewer, "admin");
      if (accountId === admin.id && role !== "admin") throw new AppError("FORBIDDEN", "You cannot remove your own admin role");
      return (await changeRole(actorOf(admin), accountId, role)).account;
    },

    async setDisabled(viewer, accountId, disabled) {
      const admin = requireRole(viewer, "admin");
      if (accountId === admin.id) throw new AppError("FORBIDDEN", "You cannot disable your own account");
      if (!(await repository.setDisabled(actorOf(admin), accountId, disabled))) throw new AppError("NOT_FOUND", "Account not found");
      return existing(accountId);
    },

    async setRoleByEmail(email, role) {
      const account = await repository.byEmail(email);
      if (!account) throw new AppError("NOT_FOUND", `No account has the email address ${email}`);
      return changeRole(COMMAND_LINE, account.id, role);
    },

    withRoles: () => repository.withRoles(),
  };
}
