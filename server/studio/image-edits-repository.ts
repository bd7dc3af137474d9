import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { StudioDay } from "#contracts/studio";
import type { Actor } from "../access/actor.ts";
import type { Db } from "../db/database.ts";
import { todayUtc } from "../db/daily-activity.ts";
import { creators, images, imageTags, tags, user } from "../db/schema.ts";
import { recordAudit } from "../audit/audit-repository.ts";
import { searchTextOf, setImageTags, storeTags } from "../image-text/tags-repository.ts";

/** What an edit writes. */
export interface ImageFields {
  title: string;
  slug: string;
  tags: string[];
  category: string;
  description: string;
  /** How it was made: null when not given. */
  model: string | null;
  prompt: string | null;
}

/** An admin acting on an image: its audit row is written in the change's transaction. */
type AuditedBy = Actor | null;

export type ImageEditsRepository = ReturnType<typeof createImageEditsRepository>;

/** The SQL of creators' own images: reading one with its owner, editing and deleting it. */
export function createImageEditsRepository(db: Db) {
  return {
    /** Image `id` with its tags and files, and whether account `userId` publishes under its creator page. */
    async find(id: number, userId: string) {
      const [row] = await db
        .select({
          id: images.id,
          slug: images.slug,
          title: images.title,
          category: images.category,
          description: images.description,
          aiModel: images.aiModel,
          aiPrompt: images.aiPrompt,
          status: images.status,
          creator: creators.name,
          width: images.width,
          height: images.height,
          bytes: images.bytes,
          originalFormat: images.originalFormat,
          originalKey: images.originalKey,
          variants: images.variants,
          mediaLabel: images.mediaLabel,
          downloadFiles: images.downloadFiles,
          owned: sql<boolean>`exists (select 1 from ${user} where ${user.id} = ${userId} and ${user.creatorId} = ${images.creatorId})`,
        })
        .from(images)
        .innerJoin(creators, eq(creators.id, images.creatorId))
        .where(eq(images.id, id));
      if (!row) return undefined;
      const tagRows = await db
        .select({ name: tags.name })
        .from(imageTags)
        .innerJoin(tags, eq(tags.id, imageTags.tagId))
        .where(eq(imageTags.imageId, id))
        .orderBy(asc(imageTags.position));
      return { ...row, tags: tagRows.map((t) => t.name) };
    },

    /** The images of the creator page account `userId` publishes under, newest first, with their counts. */
    async ofAccount(userId: string) {
      return db
        .select({
          id: images.id,
          slug: images.slug,
          title: images.title,
          status: images.status,
          variants: images.variants,
          views: images.views,
          downloads: images.downloads,
          likes: images.likes,
        })
        .from(images)
        .innerJoin(user, and(eq(user.creatorId, images.creatorId), eq(user.id, userId)))
        .orderBy(desc(images.createdAt), desc(images.id));
    },

    /**
     * What happened to the images of account `userId`'s creator page on each of the last `days`
     * days (UTC) ending today, oldest first, with zeros where nothing did. `likes` are those
     * given that day less those taken back.
     */
    async dailyOfAccount(userId: string, days: number): Promise<StudioDay[]> {
      const { rows } = await db.execute<StudioDay & Record<string, unknown>>(sql`
        with days as (
          select d::date as day from generate_series(${todayUtc} - ${days - 1}::int, ${todayUtc}, interval '1 day') d
        ), activity as (
          select a.day, sum(a.views)::int as views, sum(a.downloads)::int as downloads, sum(a.likes - a.unlikes)::int as likes
          from daily_activity a
          join images i on i.id = a.image_id
          join "user" u on u.creator_id = i.creator_id and u.id = ${userId}
          where a.day >= ${todayUtc} - ${days - 1}::int
          group by a.day
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(a.views, 0) as views, coalesce(a.downloads, 0) as downloads, coalesce(a.likes, 0) as likes
        from days left join activity a using (day)
        order by days.day`);
      return rows;
    },

    /** Writes the fields, tags and search text (and the audit row) in one transaction. */
    async update(id: number, fields: ImageFields, auditedBy: AuditedBy): Promise<void> {
      await db.transaction(async (tx) => {
        const [found] = await tx.select({ id: images.id }).from(images).where(eq(images.id, id));
        if (!found) return;
        const tagList = await storeTags(tx, fields.tags);
        await tx
          .update(images)
          .set({
            title: fields.title,
            slug: fields.slug,
            category: fields.category,
            description: fields.description,
            aiModel: fields.model,
            aiPrompt: fields.prompt,
            searchText: searchTextOf(fields.title, tagList),
            updatedAt: new Date(),
          })
          .where(eq(images.id, id));
        await setImageTags(tx, id, tagList);
        if (auditedBy) await recordAudit(tx, auditedBy, { action: "image.edit", targetType: "image", targetId: id, details: { ...fields } });
      });
    },

    /**
     * Deletes the image; its likes, downloads, reports, tags and upload go with it (the
     * foreign keys cascade), and its creator's totals, being sums over images, stay exact.
     */
    async delete(id: number, auditedBy: AuditedBy): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(images).where(eq(images.id, id)).returning({ title: images.title });
        if (deleted.length && auditedBy) await recordAudit(tx, auditedBy, { action: "image.delete", targetType: "image", targetId: id, details: { title: deleted[0]!.title } });
        return deleted.length > 0;
      });
    },
  };
}
