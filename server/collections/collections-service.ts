import type { Readable } from "node:stream";
import type { Viewer } from "#contracts/account";
import { encodeListCursor, type ImageListQuery, type ImageSummary } from "#contracts/catalog";
import {
  COLLECTION_COVERS,
  COLLECTION_IMAGES_MAX,
  collectionPath,
  COLLECTIONS_MAX,
  type CollectionChange,
  type CollectionImageState,
  type CollectionInput,
  type CollectionList,
  type CollectionPage,
  type CollectionSummary,
} from "#contracts/collections";
import type { CatalogService } from "../catalog/catalog-service.ts";
import { slugify } from "../image-text/text.ts";
import { attachmentDisposition } from "../media/download-filename.ts";
import type { DownloadFile, DownloadsService } from "../engagement/downloads-service.ts";
import { AppError, notFound } from "../errors.ts";
import { streamingZip, uniqueNames, type ZipEntry } from "./collection-zip.ts";
import type { CollectionRow, CollectionsRepository } from "./collections-repository.ts";

interface CollectionZip {
  /** Content-Disposition: attachment, saved as `{Collection_name}.zip`. */
  disposition: string;
  stream: Readable;
}

const pathOf = (row: Pick<CollectionRow, "id" | "name">) => collectionPath(row.id, slugify(row.name, "collection"));

/**
 * Collections (decision 022): signed-in people gather images in named collections, private
 * or public. A private collection is its owner's alone: for anyone else it does not exist
 * (NOT_FOUND, as an unknown id). A public one anyone may read and download; only its owner
 * changes it. Hidden images stay in a collection but are neither shown, counted nor zipped.
 */
export function createCollectionsService(deps: {
  collections: CollectionsRepository;
  catalog: Pick<CatalogService, "summaries">;
  downloads: Pick<DownloadsService, "download">;
  /** Collections per person and images per collection (the contracts' limits unless a test says otherwise). */
  limits?: { collections: number; images: number };
}) {
  const { collections, catalog, downloads } = deps;
  const limits = deps.limits ?? { collections: COLLECTIONS_MAX, images: COLLECTION_IMAGES_MAX };

  /** The collection as `viewer` may see it: public, or theirs. */
  async function visible(viewer: Viewer | null, id: number): Promise<CollectionRow> {
    const row = await collections.get(id);
    if (!row || (!row.isPublic && row.userId !== viewer?.id)) throw notFound("Collection");
    return row;
  }

  async function owned(viewer: Viewer, id: number): Promise<CollectionRow> {
    const row = await visible(viewer, id);
    if (row.userId !== viewer.id) throw new AppError("FORBIDDEN", "Only the collection's owner can change it");
    return row;
  }

  async function list(viewer: Viewer, imageId?: number): Promise<CollectionList> {
    const rows = await collections.owned(viewer.id, COLLECTION_COVERS, imageId);
    const covers = new Map((await catalog.summaries([...new Set(rows.flatMap((row) => row.coverIds))], viewer.id)).map((image) => [image.id, image]));
    return {
      items: rows.map((row): CollectionSummary => ({
        id: row.id,
        name: row.name,
        isPublic: row.isPublic,
        path: pathOf(row),
        imageCount: row.imageCount,
        covers: row.coverIds.flatMap((coverId) => covers.get(coverId) ?? []),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        ...(imageId === undefined ? {} : { hasImage: row.hasImage }),
      })),
    };
  }

  async function summaryOf(viewer: Viewer, id: number): Promise<CollectionSummary> {
    const found = (await list(viewer)).items.find((collection) => collection.id === id);
    if (!found) throw notFound("Collection");
    return found;
  }

  /** The collection's files as downloads by `viewer` (each counted, each with its receipt), skipping images hidden or missing meanwhile. */
  async function* files(viewer: Viewer, imageIds: number[]): AsyncGenerator<ZipEntry> {
    const nameOf = uniqueNames();
    for (const imageId of imageIds) {
      let file: DownloadFile;
      try {
        file = await downloads.download(viewer, imageId, "original");
      } catch (error) {
        if (error instanceof AppError && error.code === "NOT_FOUND") continue;
        throw error;
      }
      yield { name: nameOf(file.fileName), stream: file.stream, size: file.size };
    }
  }

  return {
    /** The viewer's collections, newest first; with `imageId`, each says whether it holds that image. */
    list,

    async create(viewer: Viewer, input: CollectionInput): Promise<CollectionSummary> {
      const id = await collections.create(viewer.id, input, limits.collections);
      if (id === null) throw new AppError("CONFLICT", `You already have ${limits.collections} collections, the most one person may have. Delete one to make another.`);
      return summaryOf(viewer, id);
    },

    async change(viewer: Viewer, id: number, change: CollectionChange): Promise<CollectionSummary> {
      await owned(viewer, id);
      if (!(await collections.update(id, viewer.id, change))) throw notFound("Collection");
      return summaryOf(viewer, id);
    },

    async delete(viewer: Viewer, id: number): Promise<void> {
      await owned(viewer, id);
      if (!(await collections.delete(id, viewer.id))) throw notFound("Collection");
    },

    async addImage(viewer: Viewer, id: number, imageId: number): Promise<CollectionImageState> {
      await owned(viewer, id);
      const added = await collections.addImage(id, imageId, limits.images);
      if (added === "no-collection") throw notFound("Collection");
      if (added === "no-image") throw notFound("Image");
      if (added === "full") throw new AppError("CONFLICT", `This collection already holds ${limits.images} images, the most one may hold.`);
      return { collectionId: id, imageId, saved: true, imageCount: added.imageCount };
    },

    async removeImage(viewer: Viewer, id: number, imageId: number): Promise<CollectionImageState> {
      await owned(viewer, id);
      const imageCount = await collections.removeImage(id, imageId);
      if (imageCount === null) throw notFound("Collection");
      return { collectionId: id, imageId, saved: false, imageCount };
    },

    /** A public collection, or the viewer's own, with a page of its images (most recently added first; `total` on the first page). */
    async get(viewer: Viewer | null, id: number, query: Pick<ImageListQuery, "cursor" | "limit">): Promise<CollectionPage> {
      const row = await visible(viewer, id);
      const from = query.cursor;
      const positions = await collections.imagesPage(id, query.limit + 1, from);
      const page = positions.slice(0, query.limit);
      const last = positions.length > query.limit ? page.at(-1) : undefined;
      const items: ImageSummary[] = await catalog.summaries(page.map((position) => position.id), viewer?.id);
      return {
        id: row.id,
        name: row.name,
        isPublic: row.isPublic,
        path: pathOf(row),
        imageCount: row.imageCount,
        owner: { name: row.ownerName },
        mine: row.userId === viewer?.id,
        updatedAt: row.updatedAt.toISOString(),
        images: { items, nextCursor: last ? encodeListCursor(last) : null, total: from ? null : row.imageCount },
      };
    },

    /** The page a visitor who must sign in to download comes back to. */
    async path(viewer: Viewer | null, id: number): Promise<string> {
      return pathOf(await visible(viewer, id));
    },

    /**
     * Every image of a public collection, or of the viewer's own, as one ZIP made while it is
     * sent: each file is the original JPEG download, counted and receipted as a download of
     * its own when the archive reaches it.
     */
    async download(viewer: Viewer, id: number): Promise<CollectionZip> {
      const row = await visible(viewer, id);
      const imageIds = await collections.imageIds(id);
      if (!imageIds.length) throw new AppError("CONFLICT", "This collection has no images to download yet.");
      return { disposition: attachmentDisposition(row.name, ".zip"), stream: streamingZip(files(viewer, imageIds)) };
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
