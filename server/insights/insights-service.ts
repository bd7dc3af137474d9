import type { Viewer } from "#contracts/account";
import type { ActivityTotals, Insights, InsightsDays } from "#contracts/insights";
import { requireRole } from "../access/permissions.ts";
import type { CatalogService } from "../catalog/catalog-service.ts";
import type { InsightsRepository } from "./insights-repository.ts";

/** Images and searches listed per table. */
export const INSIGHTS_LIST_SIZE = 10;

export interface InsightsService {
  /** Admins: the last `days` days (UTC, today included) per day, in totals, and the top images and searches. */
  overview(viewer: Viewer | null, days: InsightsDays): Promise<Insights>;
}

export function createInsightsService(deps: { insights: InsightsRepository; catalog: Pick<CatalogService, "summaries"> }): InsightsService {
  const { insights } = deps;
  return {
    async overview(viewer, days) {
      requireRole(viewer, "admin");
      const [daily, active, topSearches, emptySearches] = await Promise.all([
        insights.daily(days),
        insights.topImages(days, INSIGHTS_LIST_SIZE),
        insights.topSearches(days, INSIGHTS_LIST_SIZE),
        insights.emptySearches(days, INSIGHTS_LIST_SIZE),
      ]);
      const totals: ActivityTotals = { views: 0, downloads: 0, likes: 0, unlikes: 0, signups: 0, searches: 0, emptySearches: 0 };
      for (const { day: _, ...counts } of daily) {
        for (const key of Object.keys(totals) as Array<keyof ActivityTotals>) totals[key] += counts[key];
      }
      const summaries = new Map((await deps.catalog.summaries(active.map((a) => a.imageId))).map((image) => [image.id, image]));
      const topImages = active.flatMap(({ imageId, ...counts }) => {
        const image = summaries.get(imageId);
        return image ? [{ image, ...counts }] : [];
      });
      return { days, from: daily[0]!.day, to: daily.at(-1)!.day, daily, totals, topImages, topSearches, emptySearches };
    },
  };
}
