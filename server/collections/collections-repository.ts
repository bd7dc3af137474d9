import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { ListPosition } from "#contracts/catalog";
import type { Db } from "../db/database.ts";
import { collections, user } from "../db/schema.ts";

/** A collection as stored, with its owner's name and how many published images it holds. */
export interface CollectionRow {
  id: number;
  userId: string;
  ownerName: string;
  name: string;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  imageCount: number;
}

/** One of a person's collections as their list shows it: its newest published images' ids, and whether it holds a given image. */
interface OwnedCollectionRow extends CollectionRow {
  coverIds: number[];
  hasImage: boolean;
}

/** What adding an image came to: the count after it, or why nothing was added. */
type AddResult = { imageCount: number } | "no-collection" | "no-image" | "full";

/** Published images only: a hidden image is in no collection as anyone sees it. */
const publishedCount = (collectionId: SQLWrapper) => sql<number>`(
  select count(*)::int from collection_images ci join images i on i.id = ci.image_id and i.status = 'published'
  where ci.collection_id = ${collectionId})`;

/**
 * Collections and the images in them. A collection's image count and its limit are read and
 * changed under a lock on the collection's row (and the number of a person's collections under
 * a lock on the person's row), so that requests at the same moment cannot pass a limit.
 */
export function createCollectionsRepository(db: Db) {
  const row = {
    id: collections.id,
    userId: collections.userId,
    ownerName: user.name,
    name: collections.name,
    isPublic: collections.isPublic,
    createdAt: collections.createdAt,
    updatedAt: collections.updatedAt,
    imageCount: publishedCount(collections.id),
  };

  return {
    async get(id: number): Promise<CollectionRow | null> {
      const [found] = await db.select(row).from(collections).innerJoin(user, eq(user.id, collections.userId)).where(eq(collections.id, id));
      return found ?? null;
    },

    /** The person's collections, newest first, each with its `covers` newest image ids and whether it holds `imageId`. */
    async owned(userId: string, covers: number, imageId: number | undefined): Promise<OwnedCollectionRow[]> {
      return db
        .select({
          ...row,
          coverIds: sql<number[]>`array(
            select ci.image_id from collection_images ci join images i on i.id = ci.image_id and i.status = 'published'
            where ci.collection_id = ${collections.id}
            order by ci.added_at desc, ci.image_id desc limit ${covers})`,
          hasImage: imageId === undefined ? sql<boolean>`false` : sql<boolean>`exists(
            select 1 from collection_images ci where ci.collection_id = ${collections.id} and ci.image_id = ${imageId})`,
        })
        .from(collections)
        .innerJoin(user, eq(user.id, collections.userId))
        .where(eq(collections.userId, userId))
        .orderBy(sql`${collections.createdAt} desc, ${collections.id} desc`);
    },

    /** Creates a collection unless the person has `max` already; its id, or null at the limit. */
    async create(userId: string, values: { name: string; isPublic: boolean }, max: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from "user" where id = ${userId} for update`);
        const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(collections).where(eq(collections.userId, userId));
        if (count >= max) return null;
        const [created] = await tx.insert(collections).values({ userId, ...values }).returning({ id: collections.id });
        return created!.id;
      });
    },

    /** Renames it or makes it public or private; false when the person has no such collection. */
    async update(id: number, userId: string, change: { name?: string | undefined; isPublic?: boolean | undefined }): Promise<boolean> {
      const updated = await db
        .update(collections)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(collections.id, id), eq(collections.userId, userId)))
        .returning({ id: collections.id });
      return updated.length > 0;
    },

    async delete(id: number, userId: string): Promise<boolean> {
      const deleted = await db
        .delete(collections)
        .where(and(eq(collections.id, id), eq(collections.userId, userId)))
        .returning({ id: collections.id });
      return deleted.length > 0;
    },

    /** Adds a published image unless the collection holds `max` published images already; adding it again changes nothing. */
    async addImage(id: number, imageId: number, max: number): Promise<AddResult> {
      return db.transaction(async (tx) => {
        const { rows: locked } = await tx.execute(sql`select id from collections where id = ${id} for update`);
        if (!locked.length) return "no-collection";
        const { rows } = await tx.execute<{ published: boolean; present: boolean; count: number }>(sql`
          select exists(select 1 from images where id = ${imageId} and status = 'published') as published,
                 exists(select 1 from collection_images where collection_id = ${id} and image_id = ${imageId}) as present,
                 ${publishedCount(sql`${id}`)} as count`);
        const { published, present, count } = rows[0]!;
        if (!published) return "no-image";
        if (present) return { imageCount: count };
        if (count >= max) return "full";
        await tx.execute(sql`insert into collection_images (collection_id, image_id) values (${id}, ${imageId})`);
        await tx.execute(sql`update collections set updated_at = now() where id = ${id}`);
        return { imageCount: count + 1 };
      });
    },

    /** Takes the image out (nothing when it is not there); the count of published images after it, or null when there is no such collection. */
    async removeImage(id: number, imageId: number): Promise<number | null> {
      const { rows } = await db.execute<{ count: number }>(sql`
        with target as (
          select id from collections where id = ${id}
        ), removed as (
          delete from collection_images where collection_id = (select id from target) and image_id = ${imageId}
          returning image_id
        ), touched as (
          update collections set updated_at = now() where id = (select id from target) and exists(select 1 from removed)
        )
        select ${publishedCount(sql`(select id from target)`)} - (
          select count(*)::int from removed r join images i on i.id = r.image_id and i.status = 'published'
        ) as count
        from target`);
      return rows[0]?.count ?? null;
    },

    /**
     * A page of the collection's published images, most recently added first: `limit`
     * positions (rank 0, the time added in UTC to the microsecond, the image id) after `from`.
     */
    async imagesPage(id: number, limit: number, from: ListPosition | undefined): Promise<ListPosition[]> {
      const { rows } = await db.execute<{ ts: string; id: number }>(sql`
        select to_char(ci.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts, ci.image_id as id
        from collection_images ci join images i on i.id = ci.image_id and i.status = 'published'
        where ci.collection_id = ${id}
          ${from ? sql`and (ci.added_at, ci.image_id) < (${from.ts}::timestamp at time zone 'UTC', ${from.id}::int)` : sql``}
        order by ci.added_at desc, ci.image_id desc
        limit ${limit}`);
      return rows.map((found) => ({ rank: 0, ts: found.ts, id: found.id }));
    },

    /** Every published image's id, most recently added first (at most the collection's limit of them). */
    async imageIds(id: number): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`
        select ci.image_id as id
        from collection_images ci join images i on i.id = ci.image_id and i.status = 'published'
        where ci.collection_id = ${id}
        order by ci.added_at desc, ci.image_id desc`);
      return rows.map((found) => found.id);
    },
  };
}

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>;
