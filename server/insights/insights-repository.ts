import { sql, type SQL } from "drizzle-orm";
import type { DayActivity, SearchCount } from "#contracts/insights";
import { searchKey } from "../db/search-key.ts";
import type { Db } from "../db/database.ts";
import { todayUtc } from "../db/daily-activity.ts";

/** An image's counts over the range, before the catalog names it. */
interface ImageActivity {
  imageId: number;
  views: number;
  downloads: number;
  likes: number;
}

/** The first day of the `days` days that end today (UTC). */
const firstDay = (days: number) => sql`(${todayUtc} - ${days - 1}::int)`;

/** Rows logged at or after the first day's midnight, UTC: `column` is a timestamptz. */
const since = (column: SQL, days: number) => sql`${column} >= ${firstDay(days)}::timestamp at time zone 'UTC'`;

/** The UTC day of a timestamptz. */
const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

/**
 * Insights' reads: per-day counts from daily_activity (kept with the counters), the accounts'
 * sign-up times and the search log, over the last `days` days (UTC) ending today.
 */
export function createInsightsRepository(db: Db) {
  const rows = async <T extends Record<string, unknown>>(query: SQL) => (await db.execute<T>(query)).rows;

  /** The searches of the range grouped as the same search, `where` narrowing them, most made first. */
  const searches = (days: number, where: SQL, limit: number) =>
    rows<SearchCount & Record<string, unknown>>(sql`
      select mode() within group (order by query) as query, count(*)::int as searches, count(distinct visitor)::int as visitors,
        to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastAt"
      from search_queries
      where ${since(sql`created_at`, days)} and ${where}
      group by ${searchKey}
      order by count(*) desc, count(distinct visitor) desc, 1
      limit ${limit}`);

  return {
    /** Every day of the range, oldest first, with zeros where nothing happened. */
    daily(days: number): Promise<DayActivity[]> {
      return rows<DayActivity & Record<string, unknown>>(sql`
        with days as (
          select d::date as day from generate_series(${firstDay(days)}, ${todayUtc}, interval '1 day') d
        ), activity as (
          select day, sum(views)::int as views, sum(downloads)::int as downloads, sum(likes)::int as likes, sum(unlikes)::int as unlikes
          from daily_activity where day >= ${firstDay(days)} group by day
        ), signups as (
          select ${dayOf(sql`created_at`)} as day, count(*)::int as n from "user" where ${since(sql`created_at`, days)} group by 1
        ), searched as (
          select ${dayOf(sql`created_at`)} as day, count(*)::int as n, (count(*) filter (where results = 0))::int as empty
          from search_queries where ${since(sql`created_at`, days)} group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day,
          coalesce(a.views, 0) as views, coalesce(a.downloads, 0) as downloads, coalesce(a.likes, 0) as likes,
          coalesce(a.unlikes, 0) as unlikes, coalesce(u.n, 0) as signups, coalesce(s.n, 0) as searches,
          coalesce(s.empty, 0) as "emptySearches"
        from days left join activity a using (day) left join signups u using (day) left join searched s using (day)
        order by days.day`);
    },

    /** The published images most viewed in the range (then most downloaded, most liked), with their counts. */
    topImages(days: number, limit: number): Promise<ImageActivity[]> {
      return rows<ImageActivity & Record<string, unknown>>(sql`
        select a.image_id as "imageId", sum(a.views)::int as views, sum(a.downloads)::int as downloads, sum(a.likes)::int as likes
        from daily_activity a join images i on i.id = a.image_id and i.status = 'published'
        where a.day >= ${firstDay(days)}
        group by a.image_id
        order by 2 desc, 3 desc, 4 desc, 1
        limit ${limit}`);
    },

    /** The searches made most often in the range. */
    topSearches: (days: number, limit: number) => searches(days, sql`true`, limit),

    /** The searches of the range that found nothing, made most often first. */
    emptySearches: (days: number, limit: number) => searches(days, sql`results = 0`, limit),
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
