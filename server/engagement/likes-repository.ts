import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";

/** Where a page of liked images starts: just after this like (newest like first). */
export interface LikeCursor {
  /** The like's time as PostgreSQL prints it, to the microsecond. */
  likedAt: string;
  imageId: number;
}

/**
 * Likes are rows, one per user and image; images.likes is their count. Every change of a
 * row and of the count happens in ONE statement, so that the count stays exact under any
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
        )
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
        )
        update images set likes = greatest(likes - (select count(*) from removed), 0)
        where id = (select id from target)
        returning likes`);
      return rows[0]?.likes ?? null;
    },

    /** The viewer's liked published images, newest like first, one more than `limit` to tell whether a next page exists. */
    async likedPage(userId: string, limit: number, after: LikeCursor | undefined): Promise<LikeCursor[]> {
      const { rows } = await db.execute<{ liked_at: string; image_id: number }>(sql`
        select l.created_at::text as liked_at, l.image_id
        from likes l join images i on i.id = l.image_id
        where l.user_id = ${userId} and i.status = 'published'
          ${after ? sql`and (l.created_at, l.image_id) < (${after.likedAt}::timestamptz, ${after.imageId})` : sql``}
        order by l.created_at desc, l.image_id desc
        limit ${limit + 1}`);
      return rows.map((row) => ({ likedAt: row.liked_at, imageId: row.image_id }));
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
