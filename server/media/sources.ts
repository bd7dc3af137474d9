import type { ImageSource } from "#contracts/catalog";
import type { ImageVariant } from "../db/schema.ts";
import type { MediaStorage } from "./storage.ts";

const types: Record<ImageVariant["format"], ImageSource["type"]> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};
/** Width of the JPEG used as <img src> and for Open Graph previews. */
const SRC_WIDTH = 1200;

/**
 * The <picture> sources for an image's stored variants, best format first, each with every
 * width in its srcset, and a JPEG of moderate width for `src`.
 */
export function pictureSources(storage: MediaStorage, variants: ImageVariant[]): { sources: ImageSource[]; src: string } {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const sources = (Object.keys(types) as ImageVariant["format"][])
    .map((format) => ({
      type: types[format],
      srcset: sorted
        .filter((v) => v.format === format)
        .map((v) => `${storage.publicUrl(v.key)} ${v.width}w`)
        .join(", "),
    }))
    .filter((source) => source.srcset);
  const jpegs = sorted.filter((v) => v.format === "jpeg");
  const src = jpegs.find((v) => v.width >= SRC_WIDTH) ?? jpegs[jpegs.length - 1];
  return { sources, src: src ? storage.publicUrl(src.key) : "" };
}
