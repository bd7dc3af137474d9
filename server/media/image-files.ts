import sharp from "sharp";
import { AppError } from "../errors.ts";
import { bytesOf, legacyDownloadKeys } from "./download.ts";
import type { Imaging } from "./image-pool.ts";
import { labelHash, labelXmp } from "./labels.ts";
import type { ImageFilesRow, LabelledImage, MediaRepository } from "./media-repository.ts";
import type { MediaStorage } from "./storage.ts";
import { createStoredDownloads } from "./stored-downloads.ts";
import { withNewFile } from "./local-files.ts";
import { relabelImage, removeObjects, renderAvatar, storeObjects, storingAsMade } from "./variants.ts";

/**
 * An image's files over its life: the label they must carry (title, creator, this site's
 * license), labelling them anew when that changes, its downloads rendered once and stored
 * (stored-downloads.ts), and removing the files nobody uses any more. Shared by imports (a
 * changed title), edits, downloads and `npm run media:relabel` (every image).
 */
export function createImageFiles(deps: {
  media: MediaStorage;
  repository: Pick<MediaRepository, "unreferencedKeys" | "replaceAvatar" | "replaceDownloadFiles" | "downloadFiles" | "parentCredentials">;
  licenseUrl: string;
  imaging: Imaging;
}) {
  const { media, repository, licenseUrl, imaging } = deps;
  const avatarLabel = (name: string) => labelXmp({ title: name, creator: name, licenseUrl });
  return {
    /** The image's downloads, one stored file per size. */
    downloads: createStoredDownloads({ media, repository, imaging, licenseUrl }),

    /** The XMP an image titled `title` by `creator` carries. */
    label: (title: string, creator: string) => labelXmp({ title, creator, licenseUrl }),

    /** The XMP a creator's avatar carries: their name as title and creator. */
    avatarLabel,

    /** Whether `image`'s variants already carry `xmp`. */
    labelled: (image: Pick<LabelledImage, "mediaLabel">, xmp: string) => image.mediaLabel === labelHash(xmp),

    /**
     * Renders `image`'s variants again with `xmp` (and strips its original first if it was
     * kept before labels existed) from a work copy of its original, storing each as it is
     * made; `written` are the objects that were new.
     */
    async relabel(image: Pick<LabelledImage, "originalKey" | "originalFormat" | "width" | "mediaLabel">, xmp: string): Promise<{ files: ImageFilesRow; written: string[] }> {
      const stored = await media.read(image.originalKey);
      if (!stored) throw new AppError("NOT_FOUND", `The original ${image.originalKey} is missing`);
      const { made, written } = await withNewFile(imaging.scratchDir, stored.stream, (original) =>
        storingAsMade(media, (store) => imaging.pool.run(() => relabelImage(original, image, xmp, imaging.scratchDir, image.mediaLabel !== null, store))),
      );
      return { files: made, written };
    },

    /** Removes what `old` files were, once no image refers to them: original, variants, and the downloads rendered from them. */
    async removeUnused(
      old: Pick<LabelledImage, "originalKey" | "variants" | "mediaLabel" | "width" | "downloadFiles">,
      now: Pick<LabelledImage, "originalKey" | "mediaLabel">,
    ): Promise<void> {
      const unused = await repository.unreferencedKeys([old.originalKey, ...old.variants.map((v) => v.key), ...(old.downloadFiles?.files.map((f) => f.key) ?? [])]);
      const downloadsChanged = old.originalKey !== now.originalKey || old.mediaLabel !== now.mediaLabel;
      // Downloads made on request before they were stored at import: named without a label before labels existed, since by the label then in force.
      const labels = old.originalKey === now.originalKey ? [null, old.mediaLabel] : [null, old.mediaLabel, now.mediaLabel];
      await removeObjects(media, [...unused, ...(downloadsChanged ? legacyDownloadKeys(old, labels) : [])]);
    },

    /**
     * Gives the creator's avatar the label it must carry (their name as title and creator),
     * rendering it again from itself when it carries another; whether it did.
     */
    async relabelAvatar(creator: { id: number; name: string; avatarKey: string }): Promise<boolean> {
      const xmp = avatarLabel(creator.name);
      const stored = await media.read(creator.avatarKey);
      if (!stored) throw new AppError("NOT_FOUND", `The avatar ${creator.avatarKey} is missing`);
      const current = await bytesOf(stored.stream);
      if ((await sharp(current).metadata()).xmp?.toString("utf8") === xmp) return false;
      const avatar = await imaging.pool.run(() => renderAvatar(current, xmp, imaging.maxPixels));
      await storeObjects(media, [avatar]);
      if (await repository.replaceAvatar(creator.id, creator.avatarKey, avatar.key)) await removeObjects(media, [creator.avatarKey]);
      return true;
    },

    /** Removes objects stored for files that were then not saved (unless another image came to refer to them meanwhile). */
    discard: async (written: string[]) => removeObjects(media, await repository.unreferencedKeys(written)),
  };
}

export type ImageFiles = ReturnType<typeof createImageFiles>;
