import type { Role } from "#contracts/account";
import type { ManagedAccount } from "#contracts/admin";
import { and, asc, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { Actor } from "../access/actor.ts";
import type { Db } from "../db/database.ts";
import { session, user } from "../db/schema.ts";
import { recordAudit } from "../audit/audit-repository.ts";

const memberColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  disabledAt: user.disabledAt,
  creatorId: user.creatorId,
  createdAt: user.createdAt,
};

/** `%`, `_` and `\` in what someone typed match themselves, not any text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AccountAdminRepository {
  byId(id: string): Promise<ManagedAccount | undefined>;
  /** Email addresses are compared without regard to case, as Better Auth stores them lower-cased. */
  byEmail(email: string): Promise<ManagedAccount | undefined>;
  /** Accounts whose name or email contains `query` (all when empty), by email, one page. */
  search(query: string, limit: number, offset: number): Promise<ManagedAccount[]>;
  /** Creators and admins, by email. */
  withRoles(): Promise<ManagedAccount[]>;
  /** Sets the role and writes the audit row in one transaction; the role before, or undefined when there is no such account. */
  setRole(actor: Actor, id: string, role: Role): Promise<Role | undefined>;
  /**
   * Disables (its sessions deleted, so it is signed out everywhere at once) or enables the
   * account, with its audit row, in one transaction. False when there is no such account.
   */
  setDisabled(actor: Actor, id: string, disabled: boolean): Promise<boolean>;
}

export function createAccountAdminRepository(db: Db): AccountAdminRepository {
  return {
    async byId(id) {
      const [row] = await db.select(memberColumns).from(user).where(eq(user.id, id));
      return row;
    },

    async byEmail(email) {
      const [row] = await db.select(memberColumns).from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
      return row;
    },

    search(query, limit, offset) {
      const pattern = likePattern(query.trim());
      return db
        .select(memberColumns)
        .from(user)
        .where(query.trim() ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined)
        .orderBy(asc(user.email))
        .limit(limit)
        .offset(offset);
    },

    withRoles() {
      return db.select(memberColumns).from(user).where(ne(user.role, "member")).orderBy(asc(user.email));
    },

    async setRole(actor, id, role) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ role: user.role }).from(user).where(eq(user.id, id)).for("update");
        if (!before) return undefined;
        if (before.role !== role) {
          await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, id));
          await recordAudit(tx, actor, { action: "account.role", targetType: "account", targetId: id, details: { from: before.role, to: role } });
        }
        return before.role;
      });
    },

    async setDisabled(actor, id, disabled) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(user)
          .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
          .where(and(eq(user.id, id), disabled ? sql`${user.disabledAt} is null` : sql`${user.disabledAt} is not null`))
          .returning({ id: user.id });
        const exists = changed.length > 0 || (await tx.select({ id: user.id }).from(user).where(eq(user.id, id))).length > 0;
        if (!exists) return false;
        if (disabled) await tx.delete(session).where(eq(session.userId, id));
        if (changed.length > 0) {
          await recordAudit(tx, actor, { action: disabled ? "account.disable" : "account.enable", targetType: "account", targetId: id });
        }
        return true;
      });
    },
  };
}
