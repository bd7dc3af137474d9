import { lazy, Suspense } from "react";
import type { ImageSummary } from "#contracts/catalog";

const ImageModal = lazy(() => import("./image-modal"));

/** Fetches the detail overlay's chunk ahead, when a card is pointed at or focused. */
export const preloadImageModal = () => void import("./image-modal");

/** The detail overlay over a page's own grid (a creator's, a collection's) at `open` of `images`; its chunk loads when first opened. */
export function OpenedImage({ images, open, onOpen }: { images: ImageSummary[]; open: number | null; onOpen: (index: number | null) => void }) {
  return open === null ? null : (
    <Suspense>
      <ImageModal images={images} index={open} onIndexChange={onOpen} onClose={() => onOpen(null)} />
    </Suspense>
  );
}
