import type { Viewer } from "#contracts/account";
import type { LikeState } from "#contracts/engagement";
import { notFound } from "../errors.ts";
import type { LikesRepository } from "./likes-repository.ts";

/**
 * Likes follow the account: one row per user and image, and the image's stored count is
 * always the number of those rows. Liking twice or unliking without a like changes
 * nothing and answers the current state.
 */
export function createLikesService(deps: { likes: LikesRepository }) {
  const { likes } = deps;
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
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
