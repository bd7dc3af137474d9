import { z } from "zod";
import "./zod-config.ts";
import type { ImageSummary } from "./catalog.ts";

/**
 * Insights for admins (/admin/insights): what visitors did per day over the last 30 or 90
 * days (UTC), the images they turned to and what they searched for, found or not.
 */

export const insightsRanges = ["30", "90"] as const;

/** /admin/insights?days=30|90 (30 when left out). */
export const insightsQuery = z.object({
  days: z
    .enum(insightsRanges, { error: "days must be 30 or 90" })
    .default("30")
    .transform((days) => Number(days) as InsightsDays),
});
export type InsightsDays = 30 | 90;

/** One UTC day: `day` is YYYY-MM-DD; days with nothing are there with zeros. */
export interface DayActivity {
  day: string;
  views: number;
  downloads: number;
  /** Likes given that day (those taken back are `unlikes`). */
  likes: number;
  unlikes: number;
  signups: number;
  searches: number;
  /** Searches that found no image. */
  emptySearches: number;
}

export type ActivityTotals = Omit<DayActivity, "day">;

/** An image with what happened to it in the range. */
export interface TopImage {
  image: ImageSummary;
  views: number;
  downloads: number;
  likes: number;
}

/** A search as most people spelled it, how often it was made and by how many visitors (a visitor's key changes daily). */
export interface SearchCount {
  query: string;
  searches: number;
  visitors: number;
  /** ISO 8601, UTC: the latest time it was made. */
  lastAt: string;
}

export interface Insights {
  days: InsightsDays;
  /** The first and last day of the range, YYYY-MM-DD (the last is today, UTC). */
  from: string;
  to: string;
  daily: DayActivity[];
  totals: ActivityTotals;
  topImages: TopImage[];
  topSearches: SearchCount[];
  /** What to generate next: searches that found nothing. */
  emptySearches: SearchCount[];
}
