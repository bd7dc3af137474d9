import { createHmac } from "node:crypto";
import type { Viewer } from "#contracts/account";
import type { OpenReport } from "#contracts/admin";
import type { ReportInput } from "#contracts/engagement";
import type { Actor } from "../access/actor.ts";
import { AppError, notFound } from "../errors.ts";
import type { ReportsRepository } from "./reports-repository.ts";

/** Anonymous reports one network may send per hour; signed-in users are held to one per image instead. */
export const ANONYMOUS_REPORTS_PER_HOUR = 5;
const HOUR = 3600;

/**
 * Reports from visitors, and what operators do about them (`npm run moderate`, and admins
 * in /admin through server/admin/moderation-service.ts): hiding an image takes it off every
 * list, search, creator page and sitemap (the catalog shows only published images) and
 * resolves its open reports; restoring publishes it again. Each of these is written to the
 * audit log as done by `actor`, in its own transaction.
 */
export function createReportsService(deps: { reports: ReportsRepository; secret: string }) {
  const { reports } = deps;
  /** A network (an IPv4 address, an IPv6 /64) is never stored: only a keyed hash, enough to count reports from it. */
  const sourceOf = (network: string) => createHmac("sha256", deps.secret).update(`report-source:${network}`).digest("base64url");

  return {
    /**
     * Stores a report on a published image. A signed-in user reports an image once (a second
     * report is a CONFLICT); anonymous visitors are limited per network address.
     */
    async report(viewer: Viewer | null, network: string, imageId: number, input: ReportInput): Promise<void> {
      const report = { imageId, reason: input.reason, details: input.details };
      const outcome = viewer
        ? await reports.create({ ...report, reporterId: viewer.id, source: null })
        : await reports.createLimited({ ...report, reporterId: null, source: sourceOf(network) }, ANONYMOUS_REPORTS_PER_HOUR, HOUR);
      switch (outcome.status) {
        case "created":
          return;
        case "not_found":
          throw notFound("Image");
        case "duplicate":
          throw new AppError("CONFLICT", "You have already reported this image. Thank you, we are looking into it.");
        case "limited": {
          const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
          throw new AppError(
            "RATE_LIMITED",
            `Too many reports from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or sign in to report.`,
            { retryAfter: outcome.retryAfterSeconds },
          );
        }
      }
    },

    /** Open reports, oldest first: all, or one page of `limit` after report `after`. */
    openReports: (page?: { limit: number; after?: number }): Promise<OpenReport[]> => reports.open(page),

    /** How many reports are open. */
    openCount: (): Promise<number> => reports.openCount(),

    /** Hides an image and resolves its open reports; returns how many were resolved. */
    async hide(actor: Actor, imageId: number, reason: string | undefined): Promise<number> {
      const { found, resolved } = await reports.setImageStatus(actor, imageId, "hidden", reason ? `hidden: ${reason}` : "hidden");
      if (!found) throw notFound(`Image ${imageId}`);
      return resolved;
    },

    /** Publishes a hidden image again. */
    async restore(actor: Actor, imageId: number): Promise<void> {
      const { found } = await reports.setImageStatus(actor, imageId, "published", null);
      if (!found) throw notFound(`Image ${imageId}`);
    },

    /** Closes a report that needs no action. */
    async dismiss(actor: Actor, reportId: number, reason: string | undefined): Promise<void> {
      if (!(await reports.dismiss(actor, reportId, reason ? `dismissed: ${reason}` : "dismissed"))) throw notFound(`Open report ${reportId}`);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
