import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { OpenReport } from "#contracts/admin";
import type { ReportReason } from "#contracts/engagement";
import type { Actor } from "../access/actor.ts";
import { recordAudit } from "../audit/audit-repository.ts";
import type { Db } from "../db/database.ts";
import { images, reports, user } from "../db/schema.ts";

interface NewReport {
  imageId: number;
  /** The signed-in reporter, or null for an anonymous report. */
  reporterId: string | null;
  /** Keyed hash of an anonymous reporter's address; null for a signed-in one. */
  source: string | null;
  reason: ReportReason;
  details: string;
}

type ReportOutcome =
  | { status: "created" }
  | { status: "not_found" }
  | { status: "duplicate" }
  | { status: "limited"; retryAfterSeconds: number };

/** Advisory-lock namespace under which anonymous reports from one source take turns. */
const REPORT_SOURCE_LOCK = 5_201_771;

export function createReportsRepository(db: Db) {
  /** Inserts unless the image is not published or the reporter already reported it. */
  const insert = async (executor: Pick<Db, "execute">, report: NewReport): Promise<ReportOutcome> => {
    const { rows } = await executor.execute<{ found: boolean; created: boolean }>(sql`
      with target as (
        select id from images where id = ${report.imageId} and status = 'published'
      ), created as (
        insert into reports (image_id, reporter_id, source, reason, details)
        select id, ${report.reporterId}, ${report.source}, ${report.reason}, ${report.details} from target
        on conflict do nothing
        returning id
      )
      select exists (select 1 from target) as found, exists (select 1 from created) as created`);
    const { found, created } = rows[0]!;
    return { status: !found ? "not_found" : created ? "created" : "duplicate" };
  };

  return {
    /** Stores a signed-in user's report: one per user and image. */
    create: (report: NewReport) => insert(db, report),

    /**
     * Stores an anonymous report unless its source already sent `max` reports within the
     * last `windowSeconds`. Reports from one source take turns under an advisory lock, so
     * the limit holds across any number of app instances.
     */
    async createLimited(report: NewReport & { source: string }, max: number, windowSeconds: number): Promise<ReportOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_SOURCE_LOCK}, hashtext(${report.source}))`);
        const { rows } = await tx.execute<{ count: number; retry_after: number | null }>(sql`
          select count(*)::int as count,
                 ceil(extract(epoch from min(created_at) + make_interval(secs => ${windowSeconds}) - now()))::int as retry_after
          from reports
          where source = ${report.source} and created_at > now() - make_interval(secs => ${windowSeconds})`);
        const { count, retry_after } = rows[0]!;
        if (count >= max) return { status: "limited", retryAfterSeconds: Math.max(1, retry_after ?? windowSeconds) };
        return insert(tx, report);
      });
    },

    /** Reports nobody has acted on yet, oldest first: all of them, or `limit` after report `after` (reports_open_idx). */
    async open(page?: { limit: number; after?: number }): Promise<OpenReport[]> {
      const query = db
        .select({
          id: reports.id,
          imageId: reports.imageId,
          title: images.title,
          imageStatus: images.status,
          reason: reports.reason,
          details: reports.details,
          reporterName: user.name,
          reporterEmail: user.email,
          createdAt: reports.createdAt,
          openOnImage: sql<number>`(select count(*)::int from reports o where o.image_id = ${reports.imageId} and o.resolved_at is null)`,
        })
        .from(reports)
        .innerJoin(images, eq(images.id, reports.imageId))
        .leftJoin(user, eq(user.id, reports.reporterId))
        .where(
          and(
            isNull(reports.resolvedAt),
            page?.after === undefined
              ? undefined
              : sql`(${reports.createdAt}, ${reports.id}) > (select created_at, id from reports where id = ${page.after})`,
          ),
        )
        .orderBy(asc(reports.createdAt), asc(reports.id));
      return page ? query.limit(page.limit) : query;
    },

    /** How many reports are open. */
    async openCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt));
      return row!.n;
    },

    /**
     * Sets an image's status, resolves its open reports with `resolution` (when given) and
     * writes the audit row (image.hide or image.restore), in one transaction; false when no
     * image has this id.
     */
    async setImageStatus(actor: Actor, imageId: number, status: "published" | "hidden", resolution: string | null): Promise<{ found: boolean; resolved: number }> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(images)
          .set({ status, updatedAt: sql`now()` })
          .where(eq(images.id, imageId))
          .returning({ id: images.id });
        if (updated.length === 0) return { found: false, resolved: 0 };
        const resolved =
          resolution === null
            ? []
            : await tx
                .update(reports)
                .set({ resolvedAt: sql`now()`, resolution })
                .where(and(eq(reports.imageId, imageId), isNull(reports.resolvedAt)))
                .returning({ id: reports.id });
        await recordAudit(tx, actor, {
          action: status === "hidden" ? "image.hide" : "image.restore",
          targetType: "image",
          targetId: imageId,
          details: resolution === null ? {} : { resolution, resolved: resolved.length },
        });
        return { found: true, resolved: resolved.length };
      });
    },

    /** Resolves one open report without acting on its image, with its audit row; false when there is no such open report. */
    async dismiss(actor: Actor, reportId: number, resolution: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [dismissed] = await tx
          .update(reports)
          .set({ resolvedAt: sql`now()`, resolution })
          .where(and(eq(reports.id, reportId), isNull(reports.resolvedAt)))
          .returning({ imageId: reports.imageId });
        if (!dismissed) return false;
        await recordAudit(tx, actor, { action: "report.dismiss", targetType: "report", targetId: reportId, details: { image: dismissed.imageId, resolution } });
        return true;
      });
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
