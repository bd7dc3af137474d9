import { and, desc, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { Actor } from "../access/actor.ts";
import type { Db } from "../db/database.ts";
import { auditLog, images, user } from "../db/schema.ts";

interface AuditEntry {
  action: string;
  targetType: (typeof auditLog.$inferInsert)["targetType"];
  targetId: string | number;
  details?: Record<string, unknown>;
}

/** An entry as admins read it: `targetLabel` names the account (email) or image (title) while it exists. */
export type AuditRecord = typeof auditLog.$inferSelect & { targetLabel: string | null };

/** A transaction or the database: audit rows are written beside the change they describe. */
type Writer = Pick<Db, "insert">;

/** Writes one audit row with `writer`, the transaction that makes the change itself. */
export async function recordAudit(writer: Writer, actor: Actor, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actorId: actor.kind === "account" ? actor.id : null,
    actorLabel: actor.kind === "account" ? actor.email : "command line",
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    details: entry.details ?? {},
  });
}

export interface AuditRepository {
  /** The newest entries first, `limit` at most, older than entry `before` when given. */
  recent(limit: number, before?: number): Promise<AuditRecord[]>;
}

export function createAuditRepository(db: Db): AuditRepository {
  return {
    recent: (limit, before) =>
      db
        .select({
          ...getTableColumns(auditLog),
          targetLabel: sql<string | null>`coalesce(${user.email}, ${images.title})`,
        })
        .from(auditLog)
        .leftJoin(user, and(eq(auditLog.targetType, "account"), eq(user.id, auditLog.targetId)))
        .leftJoin(images, and(eq(auditLog.targetType, "image"), eq(sql`${images.id}::text`, auditLog.targetId)))
        .where(before === undefined ? undefined : lt(auditLog.id, before))
        .orderBy(desc(auditLog.id))
        .limit(limit),
  };
}
