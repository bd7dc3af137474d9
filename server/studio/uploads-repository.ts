import { desc, eq, like, sql } from "drizzle-orm";
import type { UploadState } from "#contracts/studio";
import type { Db } from "../db/database.ts";
import { creators, images, uploads, user, type ImageVariant, type UploadFields } from "../db/schema.ts";

export interface UploadRow {
  id: string;
  userId: string;
  fileName: string;
  stagedKey: string | null;
  status: UploadState;
  reason: string | null;
  fields: UploadFields;
  createdAt: Date;
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
  fields: uploads.fields,
  createdAt: uploads.createdAt,
  imageId: images.id,
  slug: images.slug,
  title: images.title,
  variants: images.variants,
};

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

/** The SQL of uploads: their rows, and the creator page an uploading account publishes under. */
export function createUploadsRepository(db: Db) {
  const selectUploads = () => db.select(uploadColumns).from(uploads).leftJoin(images, eq(images.id, uploads.imageId));
  const rowOf = ({ imageId, slug, title, variants, ...rest }: Awaited<ReturnType<typeof selectUploads>>[number]): UploadRow => ({
    ...rest,
    image: imageId !== null ? { id: imageId, slug: slug!, title: title!, variants: variants! } : null,
  });
  return {
    /**
     * The creator page the account publishes under, created and linked the first
     * time: its display name, or, when a page of that name exists already (an import's, or
     * another account's), the name followed by the first free number: "Ada (2)". An existing
     * page is never taken over here: linking an account to it is an admin's decision.
     */
    async creatorOf(userId: string): Promise<{ id: number; name: string; avatarKey: string | null }> {
      return db.transaction(async (tx) => {
        const [account] = await tx.select({ name: user.name, creatorId: user.creatorId }).from(user).where(eq(user.id, userId)).for("update");
        if (!account) throw new Error(`No account ${userId}`);
        if (account.creatorId !== null) {
          const [linked] = await tx.select({ id: creators.id, name: creators.name, avatarKey: creators.avatarKey }).from(creators).where(eq(creators.id, account.creatorId));
          return linked!;
        }
        const base = account.name.trim() || "Creator";
        const taken = new Set(
          (await tx.select({ name: creators.name }).from(creators).where(like(creators.name, `${base.replace(/[\\%_]/g, "\\$&")}%`))).map((c) => c.name),
        );
        let name = base;
        for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
        const [created] = await tx.insert(creators).values({ name }).returning({ id: creators.id });
        await tx.update(user).set({ creatorId: created!.id }).where(eq(user.id, userId));
        return { id: created!.id, name, avatarKey: null };
      });
    },

    /** The avatar of the creator page account `userId` publishes under, when it has both. */
    async avatarKeyOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ avatarKey: creators.avatarKey }).from(user).innerJoin(creators, eq(creators.id, user.creatorId)).where(eq(user.id, userId));
      return row?.avatarKey ?? null;
    },

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
          updatedAt: new Date(),
          imageId: sql`(select ${images.id} from ${images} where ${images.source} = ${source} and ${images.sourceId} = ${id}::text)`,
        })
        .where(eq(uploads.id, id));
    },

    async failed(id: string, reason: string): Promise<void> {
      await db.update(uploads).set({ status: "failed", stagedKey: null, reason, updatedAt: new Date() }).where(eq(uploads.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },
  };
}
