import { preload } from "react-dom";
import type { ImageSummary } from "#contracts/catalog";

/**
 * How wide the detail overlay shows `image` (image-overlay.tsx): the article is at most 72rem
 * wide, inside 4rem of margin on each side from 640px on, and the image at most 75vh tall.
 */
export function detailSizes(image: Pick<ImageSummary, "width" | "height">): string {
  const byHeight = `calc(75vh * ${+(image.width / image.height).toFixed(4)})`;
  return `(min-width: 640px) min(calc(100vw - 128px), 1152px, ${byHeight}), min(100vw, ${byHeight})`;
}

/** An image over AVIF and WebP sources, JPEG last, sized by the layout that shows it. */
export function Picture({
  image,
  sizes,
  eager,
  preloaded,
  className,
  onError,
  onLoad,
}: {
  image: ImageSummary;
  sizes: string;
  eager?: boolean;
  /**
   * The page's largest image: named at the top of the server-rendered <head> (React's preload),
   * with its first source's srcset and these sizes, so that the browser fetches the file it
   * will show, at high priority, before the scripts and the images of markup that comes first.
   */
  preloaded?: boolean;
  className?: string;
  onError?: () => void;
  onLoad?: () => void;
}) {
  const best = image.sources[0];
  if (preloaded && best) {
    preload(image.src, { as: "image", type: best.type, imageSrcSet: best.srcset, imageSizes: sizes, fetchPriority: "high" });
  }
  return (
    <picture>
      {/* AVIF and WebP by width; browsers that take neither get the one JPEG of src. */}
      {image.sources
        .filter((source) => source.type !== "image/jpeg")
        .map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
      <img
        src={image.src}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.title}
        decoding="async"
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        className={className}
        onError={onError}
        onLoad={onLoad}
      />
    </picture>
  );
}
