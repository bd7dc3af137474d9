import { z } from "zod";
import "./zod-config.ts";
import { imageIdParam, imageListQuery, imagePage, imageSummary } from "./catalog.ts";
import { notStorable, storableText } from "./text.ts";

/**
 * Collections: a signed-in person's named sets of images, private or public (decision 022).
 *   GET    /api/collections?image=                -> CollectionList, the viewer's, newest first
 *                                                    (with `image`, each says whether it holds that image)
 *   POST   /api/collections  body CollectionInput -> 201 CollectionSummary
 *   GET    /api/collections/:id?cursor&limit      -> CollectionPage (a public one, or the viewer's own)
 *   PATCH  /api/collections/:id body CollectionChange -> CollectionSummary (rename, public or private)
 *   DELETE /api/collections/:id                   -> 204
 *   PUT    /api/collections/:id/images/:imageId   -> CollectionImageState (add; repeating it changes nothing)
 *   DELETE /api/collections/:id/images/:imageId   -> CollectionImageState (remove; likewise)
 *   GET    /api/collections/:id/download          -> a ZIP of its images, each counted as a download
 * Everything but reading and downloading a public collection needs a session (401). Someone
 * else's private collection is a 404, as one that does not exist; changing someone else's
 * public one is a 403. Hidden images are neither listed, counted nor downloaded.
 */

export const COLLECTION_NAME_MAX = 60;
/** Collections one person may have, and images one collection may hold. */
export const COLLECTIONS_MAX = 100;
export const COLLECTION_IMAGES_MAX = 500;
/** Images shown on a collection's card in the profile. */
export const COLLECTION_COVERS = 3;

export const collectionName = z
  .string({ error: (issue) => (issue.input === undefined ? "Please give the collection a name" : "name must be text") })
  .trim()
  .min(1, "Please give the collection a name")
  .max(COLLECTION_NAME_MAX, `The name must be at most ${COLLECTION_NAME_MAX} characters`)
  .refine(storableText, notStorable("name"));

const isPublic = z.boolean({ error: "isPublic must be true or false" });

export const collectionInput = z.object({ name: collectionName, isPublic: isPublic.default(false) });
export type CollectionInput = z.infer<typeof collectionInput>;

export const collectionChange = z
  .object({ name: collectionName.optional(), isPublic: isPublic.optional() })
  .refine((change) => change.name !== undefined || change.isPublic !== undefined, { message: "Give a new name or isPublic" });
export type CollectionChange = z.infer<typeof collectionChange>;

/** What both a collection's summary and its page say of it (spelled out, not `.extend()`ed: see catalog.ts). */
const collectionShape = {
  id: z.number().int().positive(),
  name: z.string(),
  isPublic: z.boolean(),
  /** /collections/{id}-{slug}: its page (for anyone when public, for its owner alone when private). */
  path: z.string(),
  /** Published images in it. */
  imageCount: z.number().int().nonnegative(),
  updatedAt: z.iso.datetime(),
};

export const collectionSummary = z.object({
  ...collectionShape,
  /** Its newest images, at most COLLECTION_COVERS. */
  covers: z.array(imageSummary),
  createdAt: z.iso.datetime(),
  /** With `?image=`: whether it holds that image. */
  hasImage: z.boolean().optional(),
});
export type CollectionSummary = z.infer<typeof collectionSummary>;

export const collectionList = z.object({ items: z.array(collectionSummary) });
export type CollectionList = z.infer<typeof collectionList>;

export const collectionPage = z.object({
  ...collectionShape,
  owner: z.object({ name: z.string() }),
  /** Whether the viewer owns it. */
  mine: z.boolean(),
  /** Its images, most recently added first. */
  images: imagePage,
});
export type CollectionPage = z.infer<typeof collectionPage>;

export const collectionImageState = z.object({
  collectionId: z.number().int().positive(),
  imageId: z.number().int().positive(),
  saved: z.boolean(),
  imageCount: z.number().int().nonnegative(),
});
export type CollectionImageState = z.infer<typeof collectionImageState>;

/** Collection ids are serial numbers, read as image ids are. */
export const collectionIdParam = imageIdParam;
export const collectionParams = z.object({ id: collectionIdParam });
export const collectionImageParams = z.object({ id: collectionIdParam, imageId: imageIdParam });

export const collectionsQuery = z.object({ image: imageIdParam.optional() });
export const collectionImagesQuery = imageListQuery.pick({ cursor: true, limit: true });

/** The path of a collection's page, /collections/{id}-{slug}. */
export function collectionPath(id: number, slug: string): string {
  return `/collections/${id}-${slug}`;
}
