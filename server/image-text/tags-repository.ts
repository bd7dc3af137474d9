import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { imageTags, tags } from "../db/schema.ts";

/**
 * The SQL of tags, shared by every path that writes an image's words (imports and creators'
 * edits): tags stored once whatever their case, an image's tags in order, and its search text.
 */

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];
type StoredTag = { id: number; name: string };

/** The tags named (created when missing), in the order given, with their stored spelling. */
export async function storeTags(tx: Transaction, names: string[]): Promise<StoredTag[]> {
  if (!names.length) return [];
  await tx.insert(tags).values(names.map((name) => ({ name }))).onConflictDoNothing();
  const rows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(sql`lower(${tags.name})`, names.map((t) => t.toLowerCase())));
  const byName = new Map(rows.map((t) => [t.name.toLowerCase(), t]));
  return names.map((t) => byName.get(t.toLowerCase())!);
}

/** Gives image `imageId` exactly `tagList`, in order. */
export async function setImageTags(tx: Transaction, imageId: number, tagList: StoredTag[]): Promise<void> {
  await tx.delete(imageTags).where(eq(imageTags.imageId, imageId));
  if (tagList.length) await tx.insert(imageTags).values(tagList.map((t, position) => ({ imageId, tagId: t.id, position })));
}

/**
 * What text search reads first: the title and the tags, lower-cased, joined by spaces. Not the
 * creator's name: the creators' tier finds their images by creator id (decision 016), and a
 * name in every row of a busy creator made each of those rows a false candidate.
 */
export const searchTextOf = (title: string, tagList: StoredTag[]) => [title, ...tagList.map((t) => t.name)].join(" ").toLowerCase();
