import { sql, type SQL } from "drizzle-orm";

/** The columns of daily_activity that count something (server/db/schema.ts). */
export type ActivityColumn = "views" | "downloads" | "likes" | "unlikes";

/** Today in UTC, whatever the session's time zone. */
export const todayUtc = sql`(now() at time zone 'UTC')::date`;

/**
 * An INSERT adding `n` to today's (UTC) `column` of each image that `rows` (a query of
 * `image_id, n`) names: written inside the statement or transaction that changes the counter
 * it mirrors, so that the day's count and the counter move together.
 */
export function addToToday(column: ActivityColumn, rows: SQL): SQL {
  const counted = sql.identifier(column);
  return sql`insert into daily_activity as d (day, image_id, ${counted})
    select ${todayUtc}, r.image_id, r.n from (${rows}) r
    on conflict (day, image_id) do update set ${counted} = d.${counted} + excluded.${counted}`;
}
