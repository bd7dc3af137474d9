import { useEffect, useRef, useState } from "react";
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

/**
 * An image over AVIF and WebP sources, JPEG last, sized by the layout that shows it; when it
 * cannot be loaded, 'Failed to load image' in its place (spec section 8). With `fadeIn`, an image
 * still loading once the page runs carries `data-waiting` until it has loaded (`className` hides
 * it meanwhile and says how it fades in); one the server drew shows as it comes, so that with
 * JavaScript off nothing hides it.
 */
export function Picture({
  image,
  sizes,
  eager,
  preloaded,
  className,
  fadeIn,
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
  fadeIn?: boolean;
  /** Called when the image has loaded, before the page ran (server-rendered, cached) or since. */
  onLoad?: () => void;
}) {
  const best = image.sources[0];
  if (preloaded && best) {
    preload(image.src, { as: "image", type: best.type, imageSrcSet: best.srcset, imageSizes: sizes, fetchPriority: "high" });
  }
  const [failed, setFailed] = useState(false);
  // Still loading when the page came to life.
  const [waiting, setWaiting] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const loaded = useRef(onLoad);
  useEffect(() => {
    loaded.current = onLoad;
  });

  // An image can finish (or fail) before the page hydrates; pick that state up.
  useEffect(() => {
    const element = img.current;
    if (!element) return;
    if (element.complete) {
      if (element.naturalWidth > 0) loaded.current?.();
      else setFailed(true);
    }
    setWaiting(!element.complete);
  }, []);

  if (failed) {
    return (
      <span className="flex h-full w-full items-center justify-center bg-neutral-100 p-4 text-center text-sm text-neutral-600 dark:bg-neutral-900 dark:text-neutral-400">
        Failed to load image
        <span className="sr-only">: {image.title}</span>
      </span>
    );
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
        ref={img}
        src={image.src}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.title}
        decoding="async"
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        className={className}
        data-waiting={fadeIn && waiting ? "" : undefined}
        onError={() => setFailed(true)}
        onLoad={() => {
          setWaiting(false);
          onLoad?.();
        }}
      />
    </picture>
  );
}
