import type { Readable } from "node:stream";
import type { Viewer } from "#contracts/account";
import { requireRole } from "../access/permissions.ts";
import { bytesOf } from "../media/download.ts";
import type { ImageFiles } from "../media/image-files.ts";
import type { MediaRepository } from "../media/media-repository.ts";
import type { Imaging } from "../media/image-pool.ts";
import type { MediaStorage } from "../media/storage.ts";
import { removeObjects, renderAvatar, storeObjects } from "../media/variants.ts";
import type { CreatorPagesRepository } from "./creator-pages-repository.ts";

export type AvatarService = ReturnType<typeof createAvatarService>;

/**
 * The picture of a creator page, set by its account in the profile settings: any image we take,
 * cropped square (256 px WebP, labelled with the name), shown on the creator page and the cards.
 * The page is the account's own, created the first time as for an upload.
 */
export function createAvatarService(deps: {
  creatorPages: CreatorPagesRepository;
  files: Pick<ImageFiles, "avatarLabel">;
  mediaRepository: Pick<MediaRepository, "replaceAvatar">;
  media: MediaStorage;
  imaging: Imaging;
}) {
  const { creatorPages, files, media, imaging } = deps;
  return {
    /** The viewer's avatar URL, or null. */
    async current(viewer: Viewer | null): Promise<string | null> {
      const key = await creatorPages.avatarKeyOf(requireRole(viewer, "creator").id);
      return key ? media.publicUrl(key) : null;
    },

    /** Replaces the avatar with the picture in `body` (refused with the reason when it is not one); its URL. */
    async set(viewer: Viewer | null, body: Readable): Promise<string> {
      const creator = await creatorPages.ensureCreatorPage(requireRole(viewer, "creator").id);
      const picture = await bytesOf(body);
      const avatar = await imaging.pool.run(() => renderAvatar(picture, files.avatarLabel(creator.name), imaging.maxPixels));
      await storeObjects(media, [avatar]);
      if (await deps.mediaRepository.replaceAvatar(creator.id, creator.avatarKey, avatar.key)) {
        if (creator.avatarKey && creator.avatarKey !== avatar.key) await removeObjects(media, [creator.avatarKey]);
      }
      return media.publicUrl(avatar.key);
    },
  };
}
