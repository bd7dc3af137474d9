import type { ImageVariant } from "../db/schema.ts";

/** An image's smallest JPEG variant: its thumbnail, and the file its colours are read from. */
export function smallestJpeg(variants: ImageVariant[]): ImageVariant | undefined {
  return variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width)[0];
}
