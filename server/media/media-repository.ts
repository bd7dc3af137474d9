import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { creators, images, parentCredentials, type DownloadFiles } from "../db/schema.ts";

/** An image's files as stored, with what its label is made of. */
export type LabelledImage = Pick<
  typeof images.$inferSelect,
  "id" | "slug" | "title" | "aiModel" | "width" | "height" | "bytes" | "originalKey" | "originalFormat" | "variants" | "mediaLabel" | "downloadFiles"
> & {
  creator: string;
  /** sha256 of the Content Credentials its upload came with (the parent of its downloads' manifests); null: none. */
  parentCredentials: string | null;
};

/** The files that replace an image's files. */
export type ImageFilesRow = Pick<typeof images.$inferSelect, "bytes" | "originalKey" | "variants" | "mediaLabel">;

/** The columns of a LabelledImage but its id (from images joined with creators). */
export const labelledImageColumns = {
  slug: images.slug,
  title: images.title,
  aiModel: images.aiModel,
  creator: creators.name,
  width: images.width,
  height: images.height,
  bytes: images.bytes,
  originalKey: images.originalKey,
  originalFormat: images.originalFormat,
  variants: images.variants,
  mediaLabel: images.mediaLabel,
  downloadFiles: images.downloadFiles,
  parentCredentials: sql<string | null>`(select ${parentCredentials.sha256} from ${parentCredentials} where ${parentCredentials.imageId} = ${images.id})`,
};

/** The SQL of image files: which keys are in use, which belong to hidden images, relabelling. */
export function createMediaRepository(db: Db) {
  return {
    /** Those of `keys` that no image (original, variant or download) refers to any more. */
    async unreferencedKeys(keys: string[]): Promise<string[]> {
      if (!keys.length) return [];
      const { rows } = await db.execute<{ key: string }>(sql`
        select ${images.originalKey} as key from ${images} where ${images.originalKey} in ${keys}
        union
        select v->>'key' from ${images}, jsonb_array_elements(${images.variants}) v where v->>'key' in ${keys}
        union
        select f->>'key' from ${images}, jsonb_array_elements(${images.downloadFiles}->'files') f where f->>'key' in ${keys}`);
      const referenced = new Set(rows.map((r) => r.key));
      return keys.filter((key) => !referenced.has(key));
    },

    /** The variant keys of every hidden image (few: read through images_hidden_idx). */
    async hiddenVariantKeys(): Promise<string[]> {
      const { rows } = await db.execute<{ key: string }>(sql`
        select v->>'key' as key from ${images}, jsonb_array_elements(${images.variants}) v where ${images.status} = 'hidden'`);
      return rows.map((r) => r.key);
    },

    /** Creators with an avatar. */
    async avatars(): Promise<Array<{ id: number; name: string; avatarKey: string }>> {
      const rows = await db.select({ id: creators.id, name: creators.name, avatarKey: creators.avatarKey }).from(creators).orderBy(asc(creators.id));
      return rows.flatMap((r) => (r.avatarKey ? [{ ...r, avatarKey: r.avatarKey }] : []));
    },

    /** Gives creator `id` the avatar `key`, unless its avatar is no longer `was` (null: none): false then. */
    async replaceAvatar(id: number, was: string | null, key: string): Promise<boolean> {
      const rows = await db
        .update(creators)
        .set({ avatarKey: key })
        .where(and(eq(creators.id, id), was === null ? isNull(creators.avatarKey) : eq(creators.avatarKey, was)))
        .returning({ id: creators.id });
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(images);
      return row?.n ?? 0;
    },

    /** Up to `limit` images with an id above `afterId`, in id order. */
    async batch(afterId: number, limit: number): Promise<LabelledImage[]> {
      return db
        .select({ id: images.id, ...labelledImageColumns })
        .from(images)
        .innerJoin(creators, eq(creators.id, images.creatorId))
        .where(gt(images.id, afterId))
        .orderBy(asc(images.id))
        .limit(limit);
    },

    /** Image `id` with what its files are made from; null when there is none. */
    async labelled(id: number): Promise<LabelledImage | null> {
      const [row] = await db
        .select({ id: images.id, ...labelledImageColumns })
        .from(images)
        .innerJoin(creators, eq(creators.id, images.creatorId))
        .where(eq(images.id, id));
      return row ?? null;
    },

    /** Gives image `id` the download files `files`, unless they changed since they were `was`: false then. */
    async replaceDownloadFiles(id: number, was: DownloadFiles | null, files: DownloadFiles): Promise<boolean> {
      const rows = await db
        .update(images)
        .set({ downloadFiles: files })
        .where(and(eq(images.id, id), was === null ? isNull(images.downloadFiles) : sql`${images.downloadFiles} = ${JSON.stringify(was)}::jsonb`))
        .returning({ id: images.id });
      return rows.length > 0;
    },

    /** The Content Credentials image `id`'s upload came with, as kept (decision 031); null: none. */
    async parentCredentials(id: number): Promise<Uint8Array | null> {
      const [row] = await db.select({ archive: parentCredentials.archive }).from(parentCredentials).where(eq(parentCredentials.imageId, id));
      return row ? new Uint8Array(Buffer.from(row.archive, "base64")) : null;
    },

    /** The download files image `id` has now (null: none, or no such image). */
    async downloadFiles(id: number): Promise<DownloadFiles | null> {
      const [row] = await db.select({ downloadFiles: images.downloadFiles }).from(images).where(eq(images.id, id));
      return row?.downloadFiles ?? null;
    },

    /**
     * Gives image `id` the files `files`, unless its files changed since `was` was read (an
     * import got there first): false then.
     */
    async replaceFiles(id: number, was: Pick<LabelledImage, "originalKey" | "mediaLabel">, files: ImageFilesRow): Promise<boolean> {
      const rows = await db
        .update(images)
        .set(files)
        .where(and(eq(images.id, id), eq(images.originalKey, was.originalKey), sql`${images.mediaLabel} is not distinct from ${was.mediaLabel}`))
        .returning({ id: images.id });
      return rows.length > 0;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
