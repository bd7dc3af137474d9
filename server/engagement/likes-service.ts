import type { Viewer } from "#contracts/account";
import { encodeListCursor, type ImageListQuery, type ImagePage } from "#contracts/catalog";
import type { LikeState } from "#contracts/engagement";
import type { CatalogService } from "../catalog/catalog-service.ts";
import { notFound } from "../errors.ts";
import type { LikesRepository } from "./likes-repository.ts";

/**
 * Likes follow the account: one row per user and image, and the image's stored count is
 * always the number of those rows. Liking twice or unliking without a like changes
 * nothing and answers the current state.
 */
export function createLikesService(deps: { likes: LikesRepository; catalog: Pick<CatalogService, "summaries"> }) {
  const { likes, catalog } = deps;
  return {
    async like(viewer: Viewer, imageId: number): Promise<LikeState> {
      const count = await likes.like(viewer.id, imageId);
      if (count === null) throw notFound("Image");
      return { imageId, liked: true, likes: count };
    },

    async unlike(viewer: Viewer, imageId: number): Promise<LikeState> {
      const count = await likes.unlike(viewer.id, imageId);
      if (count === null) throw notFound("Image");
      return { imageId, liked: false, likes: count };
    },

    /** The viewer's liked published images, most recently liked first; `total` on the first page. */
    async likedImages(viewer: Viewer, query: Pick<ImageListQuery, "cursor" | "limit">): Promise<ImagePage> {
      const from = query.cursor;
      const [positions, total] = await Promise.all([
        likes.likedPage(viewer.id, query.limit + 1, from),
        from ? null : likes.countLiked(viewer.id),
      ]);
      const page = positions.slice(0, query.limit);
      const last = positions.length > query.limit ? page.at(-1) : undefined;
      return {
        items: await catalog.summaries(page.map((position) => position.id), viewer.id),
        nextCursor: last ? encodeListCursor(last) : null,
        total,
      };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
