import { lazy, Suspense, useCallback, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { ImagePage, ImageSummary } from "#contracts/catalog";
import { engagementSettled, useStillLiked } from "~/components/engagement/store";
import { Picture } from "~/components/picture";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { HeartIcon, Spinner } from "~/lib/icons";
import { usePagedImages, type PagedImages } from "./use-paged-images";

const ImageModal = lazy(() => import("./image-modal"));
const preloadModal = () => void import("./image-modal");

const TILE_SIZES = "(min-width: 1024px) 22vw, (min-width: 768px) 30vw, 50vw";

interface LikedList {
  list: PagedImages;
  /** The loaded images the visitor still likes (an unlike in the overlay takes one out at once). */
  liked: ImageSummary[];
  /** How many images the visitor likes: the tab's count. */
  count: number;
}

/** The visitor's liked images, a page at a time, following their likes and unlikes as they happen. */
export function useLikedList(first: ImagePage): LikedList {
  const pageUrl = useCallback((cursor: string) => `/api/me/likes?cursor=${encodeURIComponent(cursor)}`, []);
  const list = usePagedImages(first, pageUrl);
  const liked = useStillLiked(list.images);
  return { list, liked, count: (first.total ?? first.items.length) - (list.images.length - liked.length) };
}

/**
 * The Liked Images tab: a grid of 2, 3 or 4 columns (the masonry's breakpoints: 768 and
 * 1024px); a click opens the detail overlay with navigation among the liked images. An
 * image unliked in the overlay leaves the grid, the count and the overlay's previous/next at
 * once (the overlay keeps showing it until the visitor moves on), and the list is read again
 * when the overlay closes, once the likes and unlikes are answered.
 */
export function LikedImages({ likedList: { list, liked } }: { likedList: LikedList }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const stepping = openId === null ? [] : list.images.filter((image) => image.id === openId || liked.includes(image));
  const t = useT();
  const to = useLocalizedPath();

  return (
    <>
      {liked.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center dark:border-neutral-700">
          <span className="flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400">
            <HeartIcon size={24} />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{t("profile.liked.emptyTitle")}</h3>
          <p className="mt-1 max-w-sm text-sm text-neutral-600 dark:text-neutral-400">{t("profile.liked.emptyBody")}</p>
          <Link to={to("/")} className="button-primary mt-6">
            {t("profile.liked.explore")}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label={t("profile.liked.label")}>
          {liked.map((image, index) => (
            <LikedTile key={image.id} image={image} eager={index < 8} onOpen={() => setOpenId(image.id)} />
          ))}
        </ul>
      )}
      {list.loadMore && (
        <div className="mt-8 flex justify-center">
          <button type="button" className="button-secondary" onClick={list.loadMore} disabled={list.loading}>
            {list.loading ? <Spinner size={16} /> : null}
            {t("profile.liked.more")}
          </button>
        </div>
      )}
      {list.error && (
        <p role="alert" className="mt-6 text-center text-sm text-red-700 dark:text-red-300">
          {list.error}{" "}
          <button type="button" className="font-medium underline" onClick={list.retry}>
            {t("gallery.tryAgain")}
          </button>
        </p>
      )}
      {openId !== null && (
        <Suspense fallback={null}>
          <ImageModal
            images={stepping}
            index={stepping.findIndex((image) => image.id === openId)}
            onIndexChange={(index) => setOpenId(stepping[index]?.id ?? null)}
            onClose={() => {
              setOpenId(null);
              // An unlike sent just before closing must be counted by the list read again.
              void engagementSettled().then(() => revalidator.revalidate());
            }}
            unlikeKey="log"
          />
        </Suspense>
      )}
    </>
  );
}

function LikedTile({ image, eager, onOpen }: { image: ImageSummary; eager: boolean; onOpen: () => void }) {
  const to = useLocalizedPath();
  return (
    <li className="group relative aspect-square overflow-hidden rounded-xl" style={{ backgroundColor: image.color }}>
      <Link
        to={to(image.path)}
        onPointerEnter={preloadModal}
        onFocus={preloadModal}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onOpen();
        }}
        className="block h-full w-full"
      >
        <Picture image={image} sizes={TILE_SIZES} eager={eager} className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
        <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-3 pb-2.5 pt-8 text-sm font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100" translate="no">
          {image.title}
        </span>
      </Link>
    </li>
  );
}
