import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { downloadReceipts } from "../db/schema.ts";

type NewReceipt = Omit<typeof downloadReceipts.$inferInsert, "id" | "createdAt">;
export type ReceiptRow = typeof downloadReceipts.$inferSelect;

export function createReceiptsRepository(db: Db) {
  return {
    async insert(receipt: NewReceipt): Promise<void> {
      await db.insert(downloadReceipts).values(receipt);
    },

    /** Up to `limit` of the person's receipts older than receipt `before`, newest first. */
    async page(userId: string, limit: number, before?: number): Promise<ReceiptRow[]> {
      return db
        .select()
        .from(downloadReceipts)
        .where(and(eq(downloadReceipts.userId, userId), before === undefined ? undefined : lt(downloadReceipts.id, before)))
        .orderBy(desc(downloadReceipts.id))
        .limit(limit);
    },

    async get(id: number): Promise<ReceiptRow | null> {
      const [row] = await db.select().from(downloadReceipts).where(eq(downloadReceipts.id, id));
      return row ?? null;
    },
  };
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
