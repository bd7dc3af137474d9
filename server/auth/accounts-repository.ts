import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { account, images, likes, rateLimit, user, verification } from "../db/schema.ts";
import { addToToday } from "../db/daily-activity.ts";

export interface AccountsRepository {
  /**
   * Counts one attempt under `key` in a fixed window of `windowSeconds`. Returns null when
   * it is within `max`, else the seconds until the window ends. Atomic: instances sharing
   * the database share the count.
   */
  consumeAttempt(key: string, max: number, windowSeconds: number): Promise<number | null>;
  /** Forgets the attempts counted under `key`. */
  clearAttempts(key: string): Promise<void>;
  /**
   * Deletes every outstanding password-reset link of the person. Better Auth keeps each as a
   * verification row whose identifier is hashed and whose value is the user id; no other
   * verification of ours has a bare user id as its value (sign-in state is JSON).
   */
  endResetLinks(userId: string): Promise<void>;
  /** Whether the person can sign in with a password (as opposed to Google only). */
  hasPassword(userId: string): Promise<boolean>;
  /**
   * Deletes the person in one transaction: their likes go, each liked image's stored count
   * drops by one, and sessions and linked accounts go with the user row (cascade).
   * Returns false when there was no such person.
   */
  deleteUser(userId: string): Promise<boolean>;
  /** Whether an admin has disabled the account (it may not sign in). */
  isDisabled(userId: string): Promise<boolean>;
}

export function createAccountsRepository(db: Db): AccountsRepository {
  return {
    async consumeAttempt(key, max, windowSeconds) {
      const window = sql`now() + make_interval(secs => ${windowSeconds})`;
      const [row] = await db
        .insert(rateLimit)
        .values({ key, count: 1, resetAt: window })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${rateLimit.resetAt} <= now() then 1 else ${rateLimit.count} + 1 end`,
            resetAt: sql`case when ${rateLimit.resetAt} <= now() then ${window} else ${rateLimit.resetAt} end`,
          },
        })
        .returning({
          count: rateLimit.count,
          retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimit.resetAt} - now())))::int`,
        });
      if (row!.count === 1) {
        // A new window began: drop the windows that ended, so the table stays small.
        await db.delete(rateLimit).where(lt(rateLimit.resetAt, sql`now()`));
      }
      return row!.count > max ? row!.retryAfter : null;
    },

    async clearAttempts(key) {
      await db.delete(rateLimit).where(eq(rateLimit.key, key));
    },

    async endResetLinks(userId) {
      await db.delete(verification).where(eq(verification.value, userId));
    },

    async hasPassword(userId) {
      const rows = await db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
        .limit(1);
      return rows.length > 0;
    },

    async deleteUser(userId) {
      return db.transaction(async (tx) => {
        // Locking the user row first makes a like being added at this moment wait, then fail.
        const found = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
        if (found.length === 0) return false;
        const liked = await tx.delete(likes).where(eq(likes.userId, userId)).returning({ imageId: likes.imageId });
        if (liked.length > 0) {
          const ids = liked.map((l) => l.imageId);
          await tx
            .update(images)
            .set({ likes: sql`greatest(${images.likes} - 1, 0)` })
            .where(inArray(images.id, ids));
          // Taken back today, as an unlike would be (server/db/daily-activity.ts).
          await tx.execute(addToToday("unlikes", sql`select image_id, 1 as n from unnest(${`{${ids.join(",")}}`}::int[]) image_id`));
        }
        await tx.delete(user).where(eq(user.id, userId));
        return true;
      });
    },

    async isDisabled(userId) {
      const [row] = await db.select({ disabledAt: user.disabledAt }).from(user).where(eq(user.id, userId));
      return row?.disabledAt != null;
    },
  };
}
