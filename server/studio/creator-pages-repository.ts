import { eq, like } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { creators, user } from "../db/schema.ts";

export type CreatorPagesRepository = ReturnType<typeof createCreatorPagesRepository>;

/** The SQL of the creator page an account publishes under (its uploads, its avatar). */
export function createCreatorPagesRepository(db: Db) {
  return {
    /**
     * The creator page the account publishes under, created and linked when it has none
     * yet: its display name, or, when a page of that name exists already (an import's, or
     * another account's), the name followed by the first free number: "Ada (2)". An existing
     * page is never taken over here: linking an account to it is an admin's decision.
     */
    async ensureCreatorPage(userId: string): Promise<{ id: number; name: string; avatarKey: string | null }> {
      return db.transaction(async (tx) => {
        const [account] = await tx.select({ name: user.name, creatorId: user.creatorId }).from(user).where(eq(user.id, userId)).for("update");
        if (!account) throw new Error(`No account ${userId}`);
        if (account.creatorId !== null) {
          const [linked] = await tx.select({ id: creators.id, name: creators.name, avatarKey: creators.avatarKey }).from(creators).where(eq(creators.id, account.creatorId));
          return linked!;
        }
        const base = account.name.trim() || "Creator";
        const taken = new Set(
          (await tx.select({ name: creators.name }).from(creators).where(like(creators.name, `${base.replace(/[\\%_]/g, "\\$&")}%`))).map((c) => c.name),
        );
        let name = base;
        for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
        const [created] = await tx.insert(creators).values({ name }).returning({ id: creators.id });
        await tx.update(user).set({ creatorId: created!.id }).where(eq(user.id, userId));
        return { id: created!.id, name, avatarKey: null };
      });
    },

    /** The avatar of the creator page account `userId` publishes under, when it has both. */
    async avatarKeyOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ avatarKey: creators.avatarKey }).from(user).innerJoin(creators, eq(creators.id, user.creatorId)).where(eq(user.id, userId));
      return row?.avatarKey ?? null;
    },
  };
}
