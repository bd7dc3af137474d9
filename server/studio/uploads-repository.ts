import { desc, eq, sql } from "drizzle-orm";
import type { UploadFailure, UploadState } from "#contracts/studio";
import type { Db } from "../db/database.ts";
import { creators, images, uploads, user, type ImageVariant, type UploadFields } from "../db/schema.ts";

export interface UploadRow {
  id: string;
  userId: string;
  fileName: string;
  stagedKey: string | null;
  status: UploadState;
  reason: string | null;
  failure: UploadFailure | null;
  fields: UploadFields;
  createdAt: Date;
  /** The name of the creator page the account publishes under (made when the upload was accepted); null if an admin removed it since. */
  creator: string | null;
  /** The image, once imported. */
  image: { id: number; slug: string; title: string; variants: ImageVariant[] } | null;
}

const uploadColumns = {
  id: uploads.id,
  userId: uploads.userId,
  fileName: uploads.fileName,
  stagedKey: uploads.stagedKey,
  status: uploads.status,
  reason: uploads.reason,
  failure: uploads.failure,
  fields: uploads.fields,
  createdAt: uploads.createdAt,
  creator: creators.name,
  imageId: images.id,
  slug: images.slug,
  title: images.title,
  variants: images.variants,
};

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

/** The SQL of uploads: their rows, with the creator page their account publishes under. */
export function createUploadsRepository(db: Db) {
  const selectUploads = () =>
    db
      .select(uploadColumns)
      .from(uploads)
      .innerJoin(user, eq(user.id, uploads.userId))
      .leftJoin(creators, eq(creators.id, user.creatorId))
      .leftJoin(images, eq(images.id, uploads.imageId));
  const rowOf = ({ imageId, slug, title, variants, ...rest }: Awaited<ReturnType<typeof selectUploads>>[number]): UploadRow => ({
    ...rest,
    image: imageId !== null ? { id: imageId, slug: slug!, title: title!, variants: variants! } : null,
  });
  return {
    async create(row: { userId: string; fileName: string; stagedKey: string; fields: UploadFields }): Promise<string> {
      const [created] = await db.insert(uploads).values(row).returning({ id: uploads.id });
      return created!.id;
    },

    async find(id: string): Promise<UploadRow | undefined> {
      const [row] = await selectUploads().where(eq(uploads.id, id));
      return row ? rowOf(row) : undefined;
    },

    /** The account's latest uploads, newest first. */
    async recent(userId: string, limit: number): Promise<UploadRow[]> {
      const rows = await selectUploads()
        .where(eq(uploads.userId, userId))
        .orderBy(desc(uploads.createdAt))
        .limit(limit);
      return rows.map(rowOf);
    },

    async processing(id: string): Promise<void> {
      await db.update(uploads).set({ status: "processing", updatedAt: new Date() }).where(eq(uploads.id, id));
    },

    /** Done: the image imported from `source` under the upload's id. */
    async done(id: string, source: string): Promise<void> {
      await db
        .update(uploads)
        .set({
          status: "done",
          stagedKey: null,
          reason: null,
          failure: null,
          updatedAt: new Date(),
          imageId: sql`(select ${images.id} from ${images} where ${images.source} = ${source} and ${images.sourceId} = ${id}::text)`,
        })
        .where(eq(uploads.id, id));
    },

    /** Failed: `reason` in English, and `failure` by code when it has one. */
    async failed(id: string, reason: string, failure: UploadFailure | null): Promise<void> {
      await db.update(uploads).set({ status: "failed", stagedKey: null, reason, failure, updatedAt: new Date() }).where(eq(uploads.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },
  };
}
