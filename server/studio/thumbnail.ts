import type { ImageVariant } from "../db/schema.ts";
import { smallestJpeg } from "../media/smallest-jpeg.ts";
import type { MediaStorage } from "../media/storage.ts";

/** The URL of an image's smallest JPEG, for the lists of one's own images. */
export function thumbnailUrl(media: Pick<MediaStorage, "publicUrl">, variants: ImageVariant[]): string {
  const smallest = smallestJpeg(variants) ?? variants[0];
  return smallest ? media.publicUrl(smallest.key) : "";
}
