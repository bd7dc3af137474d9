import { createHmac } from "node:crypto";
import type { Viewer } from "#contracts/account";
import type { ReportInput } from "#contracts/engagement";
import { AppError, notFound } from "../errors.ts";
import type { OpenReport, ReportsRepository } from "./reports-repository.ts";

/** Anonymous reports one network may send per hour; signed-in users are held to one per image instead. */
export const ANONYMOUS_REPORTS_PER_HOUR = 5;
const HOUR = 3600;

/**
 * Reports from visitors, and what operators do about them (`npm run moderate`): hiding an
 * image takes it off every list, search, creator page and sitemap (the catalog shows only
 * published images) and resolves its open reports; restoring publishes it again.
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

    /** Open reports, oldest first. */
    openReports: (): Promise<OpenReport[]> => reports.open(),

    /** Hides an image and resolves its open reports; returns how many were resolved. */
    async hide(imageId: number, reason: string | undefined): Promise<number> {
      const { found, resolved } = await reports.setImageStatus(imageId, "hidden", reason ? `hidden: ${reason}` : "hidden");
      if (!found) throw notFound(`Image ${imageId}`);
      return resolved;
    },

    /** Publishes a hidden image again. */
    async restore(imageId: number): Promise<void> {
      const { found } = await reports.setImageStatus(imageId, "published", null);
      if (!found) throw notFound(`Image ${imageId}`);
    },

    /** Closes a report that needs no action. */
    async dismiss(reportId: number, reason: string | undefined): Promise<void> {
      if (!(await reports.dismiss(reportId, reason ? `dismissed: ${reason}` : "dismissed"))) throw notFound(`Open report ${reportId}`);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
