import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { ReviewReason } from "#contracts/admin";
import type { Db } from "../../db/database.ts";
import { creators, downloadEvents, images, likes, parentCredentials } from "../../db/schema.ts";
import { sha256 } from "../../media/keys.ts";
import { searchTextOf, setImageTags, storeTags } from "../../image-text/tags-repository.ts";
import type { howMadeColumns } from "../../image-text/text.ts";

/** The image file's facts and where its objects are. */
export type StoredFile = Pick<
  typeof images.$inferSelect,
  "width" | "height" | "bytes" | "contentHash" | "dominantColor" | "colors" | "visualHash" | "placeholder" | "originalKey" | "originalFormat" | "variants" | "mediaLabel"
>;

/** Everything an import writes for one image. */
interface ImageRecord {
  source: string;
  sourceId: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  creator: string;
  tags: string[];
  createdAt: Date | undefined;
  /**
   * Totals the source reports (historical counts from before the import). Likes are not
   * among them: a like is a person (a row in likes), and a source's like total has none.
   */
  downloads: number;
  views: number;
  /** How it was made (null where the source does not say). */
  howMade: ReturnType<typeof howMadeColumns>;
  file: StoredFile;
  /** What an upload's own Content Credentials gave it (uploads only: other sources leave both as they are). */
  credentials?: ImportCredentials | undefined;
}

/** An upload's own Content Credentials, kept as the parent of its downloads' manifests, and why an admin should review it. */
export interface ImportCredentials {
  parent: Uint8Array | null;
  review: ReviewReason[] | null;
}

export type ImportRepository = ReturnType<typeof createImportRepository>;

/** The SQL of imports: upserts keyed by (source, sourceId), creators, tags. */
export function createImportRepository(db: Db) {
  return {
    async findBySource(source: string, sourceId: string) {
      const [row] = await db
        .select({
          width: images.width,
          height: images.height,
          bytes: images.bytes,
          contentHash: images.contentHash,
          dominantColor: images.dominantColor,
          colors: images.colors,
          visualHash: images.visualHash,
          placeholder: images.placeholder,
          originalKey: images.originalKey,
          originalFormat: images.originalFormat,
          variants: images.variants,
          mediaLabel: images.mediaLabel,
          downloadFiles: images.downloadFiles,
        })
        .from(images)
        .where(and(eq(images.source, source), eq(images.sourceId, sourceId)));
      return (row as (StoredFile & Pick<typeof images.$inferSelect, "downloadFiles">) | undefined) ?? null;
    },

    /**
     * The id of another image (not this source record) with the same bytes, or a near-identical
     * picture: the same shape within 1%, a colour in common (flat pictures of different
     * colours share a hash) and a perceptual hash within `maxBits` bits.
     */
    async findDuplicate(
      record: { source: string; sourceId: string },
      file: Pick<StoredFile, "contentHash" | "width" | "height"> & { visualHash: bigint; colors: string[] },
      maxBits: number,
    ): Promise<number | undefined> {
      const ratio = file.width / file.height;
      const { rows } = await db.execute<{ id: number }>(sql`
        select ${images.id} as id from ${images}
        where not (${images.source} = ${record.source} and ${images.sourceId} = ${record.sourceId})
          and (${images.contentHash} = ${file.contentHash}
               or (${images.visualHash} is not null
                   and ${images.colors} && ${`{${file.colors.join(",")}}`}::text[]
                   and abs(${images.width}::float8 / ${images.height} - ${ratio}) < ${ratio * 0.01}
                   and bit_count((${images.visualHash} # ${file.visualHash.toString()}::bigint)::bit(64)) <= ${maxBits}))
        order by ${images.id} limit 1`);
      return rows[0]?.id;
    },

    /** Source ids of `source` already in the catalog, among `sourceIds`. */
    async existingSourceIds(source: string, sourceIds: string[]): Promise<Set<string>> {
      if (!sourceIds.length) return new Set();
      const rows = await db
        .select({ sourceId: images.sourceId })
        .from(images)
        .where(and(eq(images.source, source), inArray(images.sourceId, sourceIds)));
      return new Set(rows.map((r) => r.sourceId));
    },

    /** Creates the creator if missing; gives it `avatarKey` if it has none yet. */
    async ensureCreator(name: string, avatarKey: string | null = null): Promise<number> {
      const [row] = await db
        .insert(creators)
        .values({ name, avatarKey })
        .onConflictDoUpdate({ target: creators.name, set: { avatarKey: sql`coalesce(${creators.avatarKey}, excluded.avatar_key)` } })
        .returning({ id: creators.id });
      return row!.id;
    },

    async creatorHasAvatar(name: string): Promise<boolean> {
      const [row] = await db.select({ avatarKey: creators.avatarKey }).from(creators).where(eq(creators.name, name));
      return Boolean(row?.avatarKey);
    },

    /**
     * Inserts the image or updates the one with the same (source, sourceId), with its creator,
     * tags and search text, in one transaction.
     * Counts: likes are the like rows; downloads are the source's total plus those recorded since.
     */
    async save(record: ImageRecord): Promise<{ outcome: "imported" | "updated"; id: number }> {
      return db.transaction(async (tx) => {
        const [creator] = await tx
          .insert(creators)
          .values({ name: record.creator })
          .onConflictDoUpdate({ target: creators.name, set: { name: sql`excluded.name` } })
          .returning({ id: creators.id });

        const tagList = await storeTags(tx, record.tags);
        const searchText = searchTextOf(record.title, tagList);

        const fields = {
          slug: record.slug,
          title: record.title,
          description: record.description,
          category: record.category,
          creatorId: creator!.id,
          searchText,
          updatedAt: new Date(),
          ...(record.createdAt ? { createdAt: record.createdAt } : {}),
          ...record.howMade,
          ...record.file,
          ...(record.credentials ? { reviewReason: record.credentials.review } : {}),
        };
        const [row] = await tx
          .insert(images)
          .values({ ...fields, source: record.source, sourceId: record.sourceId, downloads: record.downloads, views: record.views })
          .onConflictDoUpdate({
            target: [images.source, images.sourceId],
            set: {
              ...fields,
              likes: sql`(select count(*) from ${likes} where ${likes.imageId} = ${images.id})::int`,
              downloads: sql`${record.downloads} + (select count(*) from ${downloadEvents} where ${downloadEvents.imageId} = ${images.id})::int`,
              views: sql`greatest(${images.views}, ${record.views})`,
            },
          })
          .returning({ id: images.id, inserted: sql<boolean>`xmax = 0` });

        await setImageTags(tx, row!.id, tagList);
        const parent = record.credentials?.parent;
        if (parent) {
          const bytes = Buffer.from(parent);
          const kept = { archive: bytes.toString("base64"), sha256: sha256(bytes) };
          await tx
            .insert(parentCredentials)
            .values({ imageId: row!.id, ...kept })
            .onConflictDoUpdate({ target: parentCredentials.imageId, set: kept });
        } else if (record.credentials) {
          await tx.delete(parentCredentials).where(eq(parentCredentials.imageId, row!.id));
        }
        return { outcome: row!.inserted ? "imported" : "updated", id: row!.id };
      });
    },

    /** How many images have no colour labels yet. */
    async countUnlabelled(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(images).where(isNull(images.colors));
      return row?.n ?? 0;
    },

    /** Up to `limit` images without colour labels after `afterId`, by id, with their files' keys. */
    unlabelled(afterId: number, limit: number) {
      return db
        .select({ id: images.id, originalKey: images.originalKey, variants: images.variants })
        .from(images)
        .where(and(isNull(images.colors), gt(images.id, afterId)))
        .orderBy(images.id)
        .limit(limit);
    },

    /** Sets the colour labels of several images in one statement (one change announced, not one per image). */
    async setColors(byId: Map<number, string[]>): Promise<void> {
      if (!byId.size) return;
      await db.execute(sql`
        update ${images} set colors = array(select jsonb_array_elements_text(v.value))
        from jsonb_each(${JSON.stringify(Object.fromEntries(byId))}::jsonb) v
        where ${images.id} = v.key::int`);
    },
  };
}
