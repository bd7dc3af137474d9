import type { Role, Viewer } from "#contracts/account";
import type { Member } from "#contracts/admin";
import { actorOf, COMMAND_LINE, type Actor } from "../access/actor.ts";
import { AppError } from "../errors.ts";
import type { MembersRepository } from "./members-repository.ts";
import { requireRole } from "../access/permissions.ts";

const MEMBERS_PAGE_SIZE = 50;

/**
 * Accounts as admins manage them: roles and disabling, each change written to the audit
 * log. The browser (an admin) and `npm run admin` (the operator, trusted as the first
 * admin must come from somewhere) go through the same rules.
 */
export interface MembersService {
  /** Admins: accounts matching `query`, one page (from 1); `nextPage` when there may be more. */
  search(viewer: Viewer | null, query: string, page: number): Promise<{ accounts: Member[]; nextPage: number | null }>;
  /** Admins: sets an account's role. An admin cannot lower their own role (someone must stay admin). */
  setRole(viewer: Viewer | null, accountId: string, role: Role): Promise<Member>;
  /** Admins: disables (signed out everywhere, cannot sign in) or enables an account; never their own. */
  setDisabled(viewer: Viewer | null, accountId: string, disabled: boolean): Promise<Member>;
  /** The command line: sets the role of the account with this email address; the role it had before. */
  setRoleByEmail(email: string, role: Role): Promise<{ member: Member; before: Role }>;
  /** The command line: creators and admins. */
  withRoles(): Promise<Member[]>;
}

export function createMembersService(deps: { members: MembersRepository }): MembersService {
  const { members } = deps;

  async function existing(id: string): Promise<Member> {
    const member = await members.byId(id);
    if (!member) throw new AppError("NOT_FOUND", "Account not found");
    return member;
  }

  async function changeRole(actor: Actor, id: string, role: Role): Promise<{ member: Member; before: Role }> {
    const before = await members.setRole(actor, id, role);
    if (before === undefined) throw new AppError("NOT_FOUND", "Account not found");
    return { member: await existing(id), before };
  }

  return {
    async search(viewer, query, page) {
      requireRole(viewer, "admin");
      const accounts = await members.search(query, MEMBERS_PAGE_SIZE, Math.max(0, page - 1) * MEMBERS_PAGE_SIZE);
      return { accounts, nextPage: accounts.length === MEMBERS_PAGE_SIZE ? page + 1 : null };
    },

    async setRole(viewer, accountId, role) {
      const admin = requireRole(viewer, "admin");
      if (accountId === admin.id && role !== "admin") throw new AppError("FORBIDDEN", "You cannot remove your own admin role");
      return (await changeRole(actorOf(admin), accountId, role)).member;
    },

    async setDisabled(viewer, accountId, disabled) {
      const admin = requireRole(viewer, "admin");
      if (accountId === admin.id) throw new AppError("FORBIDDEN", "You cannot disable your own account");
      if (!(await members.setDisabled(actorOf(admin), accountId, disabled))) throw new AppError("NOT_FOUND", "Account not found");
      return existing(accountId);
    },

    async setRoleByEmail(email, role) {
      const member = await members.byEmail(email);
      if (!member) throw new AppError("NOT_FOUND", `No account has the email address ${email}`);
      return changeRole(COMMAND_LINE, member.id, role);
    },

    withRoles: () => members.withRoles(),
  };
}
