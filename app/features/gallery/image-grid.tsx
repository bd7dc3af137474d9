import { useEffect, useMemo, useRef } from "react";
import type { ImageSummary } from "#contracts/catalog";
import { useT } from "~/i18n/i18n";
import { Spinner } from "~/lib/icons";
import { ImageCard } from "./image-card";
import { COLUMN_COUNTS, masonryLayout } from "./masonry";

/** The widest layout's first row: loaded at once, with high priority. */
const EAGER_CARDS = Math.max(...COLUMN_COUNTS);

interface ImageGridProps {
  images: ImageSummary[];
  /** Names the list for assistive technology, e.g. 'Gallery'. */
  label: string;
  /** Opens an image in place; without it cards link to the image's own page. */
  onOpen?: (index: number) => void;
  /** The visitor points at or focuses a card: a good moment to fetch what opening needs. */
  onIntent?: () => void;
  /** Loads the next page; absent when there is none. */
  onLoadMore?: () => void;
  loading?: boolean;
  /** Whether the first row loads at once with high priority; not behind an open image, whose own image comes first. */
  eager?: boolean;
  /** Kept out of sight behind an image opened as its own page (decision 049): its cards draw their controls once shown. */
  outOfSight?: boolean;
}

/** The masonry grid of cards; asks for more as the visitor nears its end. */
export function ImageGrid({ images, label, onOpen, onIntent, onLoadMore, loading = false, eager = true, outOfSight = false }: ImageGridProps) {
  const layout = useMemo(() => masonryLayout(images.map((image) => image.height / image.width)), [images]);
  const sentinel = useRef<HTMLDivElement>(null);

  // Re-created whenever the list grows, so a sentinel still in view asks for the next page too.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !onLoadMore || loading) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onLoadMore(), {
      rootMargin: "0px 0px 1200px 0px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [onLoadMore, loading, images.length]);

  return (
    <div className="masonry-frame">
      <ul className="masonry" style={layout.container} aria-label={label}>
        {images.map((image, index) => (
          <ImageCard
            key={image.id}
            image={image}
            eager={eager && index < EAGER_CARDS}
            layout={layout.items[index]!}
            onOpen={onOpen && (() => onOpen(index))}
            onIntent={onIntent}
            outOfSight={outOfSight}
          />
        ))}
      </ul>
      <div ref={sentinel} />
      {loading && <LoadingIndicator />}
    </div>
  );
}

export function LoadingIndicator() {
  const t = useT();
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-neutral-600 dark:text-neutral-400">
      <Spinner />
      {t("gallery.loading")}
    </p>
  );
}

/** Moves focus to an image's card, e.g. when its detail view closes. */
export function focusCard(id: number): void {
  document.querySelector<HTMLElement>(`[data-image-id="${id}"] a`)?.focus();
}
