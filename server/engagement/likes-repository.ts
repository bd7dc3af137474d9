import { sql } from "drizzle-orm";
import type { ListPosition } from "#contracts/catalog";
import type { Db } from "../db/database.ts";
import { addToToday } from "../db/daily-activity.ts";

/**
 * Likes are rows, one per user and image; images.likes is their count, and daily_activity
 * counts each day's likes and unlikes. Every change of a row and of the counts happens in ONE statement, so that the count stays exact under any
 * concurrency: the update of images.likes waits for the row lock and then adds to the
 * newest committed value, and only rows that were really inserted or deleted count.
 */
export function createLikesRepository(db: Db) {
  return {
    /** Adds the like unless it exists; the stored count after it, or null when no published image has this id. */
    async like(userId: string, imageId: number): Promise<number | null> {
      const { rows } = await db.execute<{ likes: number }>(sql`
        with target as (
          select id from images where id = ${imageId} and status = 'published'
        ), added as (
          insert into likes (user_id, image_id) select ${userId}, id from target
          on conflict do nothing
          returning image_id
        ), day as (${addToToday("likes", sql`select image_id, count(*)::int as n from added group by image_id`)})
        update images set likes = likes + (select count(*) from added)
        where id = (select id from target)
        returning likes`);
      return rows[0]?.likes ?? null;
    },

    /** Removes the like if it exists; the stored count after it (never below 0), or null when no published image has this id. */
    async unlike(userId: string, imageId: number): Promise<number | null> {
      const { rows } = await db.execute<{ likes: number }>(sql`
        with target as (
          select id from images where id = ${imageId} and status = 'published'
        ), removed as (
          delete from likes where user_id = ${userId} and image_id = (select id from target)
          returning image_id
        ), day as (${addToToday("unlikes", sql`select image_id, count(*)::int as n from removed group by image_id`)})
        update images set likes = greatest(likes - (select count(*) from removed), 0)
        where id = (select id from target)
        returning likes`);
      return rows[0]?.likes ?? null;
    },

    /**
     * The user's liked published images, newest like first: `limit` positions (rank 0, the
     * like's time in UTC to the microsecond, the image id) after `from`.
     */
    async likedPage(userId: string, limit: number, from: ListPosition | undefined): Promise<ListPosition[]> {
      const { rows } = await db.execute<{ ts: string; id: number }>(sql`
        select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts, l.image_id as id
        from likes l join images i on i.id = l.image_id
        where l.user_id = ${userId} and i.status = 'published'
          ${from ? sql`and (l.created_at, l.image_id) < (${from.ts}::timestamp at time zone 'UTC', ${from.id}::int)` : sql``}
        order by l.created_at desc, l.image_id desc
        limit ${limit}`);
      return rows.map((row) => ({ rank: 0, ts: row.ts, id: row.id }));
    },

    /** How many published images the user likes. */
    async countLiked(userId: string): Promise<number> {
      const { rows } = await db.execute<{ count: number }>(sql`
        select count(*)::int as count
        from likes l join images i on i.id = l.image_id
        where l.user_id = ${userId} and i.status = 'published'`);
      return rows[0]!.count;
    },
  };
}

export type LikesRepository = ReturnType<typeof createLikesRepository>;
