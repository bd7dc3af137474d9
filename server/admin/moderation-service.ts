import type { Viewer } from "#contracts/account";
import type { AdminImage, AdminImagesQuery, QueuedReport } from "#contracts/admin";
import { actorOf } from "../access/actor.ts";
import type { CatalogService } from "../catalog/catalog-service.ts";
import type { ReportsService } from "../engagement/reports-service.ts";
import { requireRole } from "../access/permissions.ts";

/** Open reports shown per page of the moderation queue. */
export const QUEUE_PAGE_SIZE = 20;
/** Images shown per page of the images tab. */
export const ADMIN_IMAGES_PAGE_SIZE = 24;

/**
 * Moderation as admins do it in the browser: the queue of open reports with their images,
 * every image whatever its status, and hiding, restoring and dismissing through the same
 * rules and code as `npm run moderate` (reports-service.ts), each written to the audit log
 * as done by the admin.
 */
export interface ModerationService {
  /** Admins: a page of open reports, oldest first, after report `after`; `next` is the next page's `after`. */
  queue(viewer: Viewer | null, after?: number): Promise<{ total: number; reports: QueuedReport[]; next: number | null }>;
  /** Admins: a page of images of any status, newest added first; `older` is the next page's `before`. */
  images(viewer: Viewer | null, query: AdminImagesQuery): Promise<{ items: AdminImage[]; older: number | null }>;
  /** Admins: hides an image everywhere and resolves its open reports; how many were resolved. */
  hide(viewer: Viewer | null, imageId: number, reason: string | undefined): Promise<number>;
  /** Admins: publishes a hidden image again. */
  restore(viewer: Viewer | null, imageId: number): Promise<void>;
  /** Admins: closes a report that needs no action. */
  dismiss(viewer: Viewer | null, reportId: number, reason: string | undefined): Promise<void>;
}

export function createModerationService(deps: { reports: ReportsService; catalog: Pick<CatalogService, "anyStatus" | "anyStatusByIds"> }): ModerationService {
  const { reports, catalog } = deps;
  const admin = (viewer: Viewer | null) => actorOf(requireRole(viewer, "admin"));
  return {
    async queue(viewer, after) {
      requireRole(viewer, "admin");
      const [open, total] = await Promise.all([reports.openReports({ limit: QUEUE_PAGE_SIZE, after }), reports.openCount()]);
      const images = await catalog.anyStatusByIds([...new Set(open.map((report) => report.imageId))]);
      return {
        total,
        // A report's image cannot go while the report stays (the foreign key cascades).
        reports: open.flatMap((report) => {
          const image = images.get(report.imageId);
          return image ? [{ ...report, image }] : [];
        }),
        next: open.length === QUEUE_PAGE_SIZE ? open.at(-1)!.id : null,
      };
    },

    async images(viewer, query) {
      requireRole(viewer, "admin");
      return catalog.anyStatus(query, ADMIN_IMAGES_PAGE_SIZE);
    },

    hide: async (viewer, imageId, reason) => reports.hide(admin(viewer), imageId, reason),
    restore: async (viewer, imageId) => reports.restore(admin(viewer), imageId),
    dismiss: async (viewer, reportId, reason) => reports.dismiss(admin(viewer), reportId, reason),
  };
}
