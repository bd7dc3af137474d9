import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { ImageDetail, ImageSummary } from "#contracts/catalog";
import { Avatar } from "~/components/avatar";
import { preloadSaveDialog, useSaveToCollection } from "~/components/collections/save-to-collection";
import { useToggleLike } from "~/components/engagement/like-button";
import { useEngagement } from "~/components/engagement/store";
import { detailSizes, Picture } from "~/components/picture";
import { FirstPaintBoundary } from "~/lib/first-paint";
import { BookmarkIcon, CloseIcon, HeartIcon, ShareIcon } from "~/lib/icons";
import { shareImage } from "~/lib/share";
import { useRootData } from "~/lib/viewer";
import { DownloadMenu } from "./download-menu";
import { ContentCredentialsLine } from "./content-credentials-line";
import { HowItWasMade } from "./how-it-was-made";
import { creatorPath } from "./image-card";
import { StepButtons } from "./overlay-stepping";
import { usePlaceholder } from "./placeholder";
import { useCountView } from "./use-count-view";
import { useModalOverlay } from "./use-modal-overlay";
import { useOverlayKeys } from "./use-overlay-keys";

interface ImageOverlayProps {
  /** What to show at once; `detail` fills in the rest when it has arrived. */
  image: ImageSummary;
  detail: ImageDetail | null;
  prev?: ImageSummary;
  next?: ImageSummary;
  onNavigate: (image: ImageSummary) => void;
  onClose: () => void;
  /** A tag was chosen: close and list the images with that tag. */
  onTag: (tag: string) => void;
  /** What the U key does when the image is liked: unlike it (gallery) or only log (profile). */
  unlikeKey?: "unlike" | "log";
}

/**
 * The detail view of one image, as a modal dialog over the page: focus moves in and stays
 * in, the page behind does not scroll, and Escape, the close button or the backdrop close it.
 */
export function ImageOverlay({ image, detail, prev, next, onNavigate, onClose, onTag, unlikeKey = "unlike" }: ImageOverlayProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const shown = detail && detail.id === image.id ? detail : null;
  const summary = shown ?? image;
  const { settings } = useRootData();
  const like = useToggleLike(summary);
  const { downloads } = useEngagement(summary);
  const save = useSaveToCollection(image);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const placeholder = usePlaceholder(image.color, image.placeholder, loadedId === image.id);

  useModalOverlay(dialog, image.id);
  useCountView(image.id);
  useOverlayKeys(dialog, {
    close: onClose,
    prev: prev && (() => onNavigate(prev)),
    next: next && (() => onNavigate(next)),
    unlike: like.liked ? (unlikeKey === "unlike" ? like.toggle : () => console.info("Dislike shortcut (U) pressed for image", image.id)) : undefined,
  });

  const closeOnBackdrop = (event: React.MouseEvent) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialog}
      open
      data-scroll-lock
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={closeOnBackdrop}
      className="fixed inset-0 z-50 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-black/80 p-0 text-neutral-900 backdrop:bg-transparent dark:text-neutral-100"
    >
      <div className="flex min-h-full items-start justify-center sm:px-16 sm:py-6" onClick={closeOnBackdrop}>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="fixed left-2 top-2 z-10 inline-flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15 max-sm:bg-black/50"
        >
          <CloseIcon size={24} />
        </button>
        <StepButtons prev={prev} next={next} onNavigate={onNavigate} />

        {/* On a phone the previous/next buttons float at the bottom: room below the last line, so they cover nothing there. */}
        <article className="w-full max-w-6xl overflow-hidden bg-white shadow-2xl max-sm:pb-16 sm:rounded-2xl dark:bg-neutral-900">
          <header className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 pl-14 sm:px-5 sm:pl-5">
            <Link to={creatorPath(image.creator.name)} className="flex min-w-0 items-center gap-2.5 rounded-full pr-2 hover:opacity-80">
              <Avatar name={image.creator.name} url={image.creator.avatarUrl} size={36} />
              <span className="truncate text-sm font-medium">{image.creator.name}</span>
            </Link>
            <div className="flex flex-wrap items-center gap-2">
              {/* The button's name is 'Like' or 'Unlike'; the count beside it is plain text. */}
              <div className="inline-flex h-10 items-center rounded-lg border border-neutral-300 dark:border-neutral-700">
                <button
                  type="button"
                  onClick={like.toggle}
                  aria-pressed={like.liked}
                  aria-label={like.liked ? "Unlike" : "Like"}
                  className="inline-flex h-full items-center rounded-l-lg pl-3 pr-2 hover:bg-neutral-100 dark:hover:bg-neutral-800"
                >
                  <HeartIcon size={18} filled={like.liked} className={like.liked ? "text-rose-500" : undefined} />
                </button>
                <span className="pr-3 text-sm font-medium tabular-nums">
                  {like.likes}
                </span>
              </div>
              <button
                type="button"
                onClick={(event) => save.open(event.currentTarget)}
                onPointerEnter={preloadSaveDialog}
                onFocus={preloadSaveDialog}
                aria-label="Save to collection"
                className="button-secondary px-3"
              >
                <BookmarkIcon size={18} />
                <span className="max-sm:sr-only">Save</span>
              </button>
              <button type="button" onClick={() => void shareImage(image, settings.baseUrl)} className="button-secondary px-3">
                <ShareIcon size={18} />
                <span className="max-sm:sr-only">Share</span>
              </button>
              <DownloadMenu image={summary} sizes={shown?.downloadSizes ?? []} />
            </div>
          </header>

          {/* The image page's first paint waits for the top bar above, whose buttons moved as they arrived one by one. */}
          <FirstPaintBoundary id="image-frame" className="flex justify-center bg-neutral-100 dark:bg-neutral-950">
            <div
              className="relative"
              style={{ aspectRatio: `${image.width} / ${image.height}`, width: `min(100%, calc(75vh * ${image.width / image.height}))`, ...placeholder }}
            >
              <Picture
                key={image.id}
                image={image}
                sizes={detailSizes(image)}
                eager
                preloaded
                className="h-full w-full object-contain"
                onLoad={() => setLoadedId(image.id)}
              />
            </div>
          </FirstPaintBoundary>

          <div className="grid gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[1fr_18rem]">
            <div className="min-w-0">
              <h2 id={titleId} className="text-xl font-semibold tracking-tight sm:text-2xl">
                {image.title}
              </h2>
              <p className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">{shown?.description ?? " "}</p>
              {summary.tags.length > 0 && (
                <ul className="mt-5 flex flex-wrap gap-2" aria-label="Tags">
                  {summary.tags.map((tag) => (
                    <li key={tag}>
                      <button type="button" className="chip h-8" onClick={() => onTag(tag)}>
                        {tag}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {shown?.howMade && <HowItWasMade made={shown.howMade} headingId={`${titleId}-made`} />}
              {shown && <ContentCredentialsLine credentials={shown.credentials} />}
            </div>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm lg:grid-cols-1">
              <Fact label="Likes" value={like.likes.toLocaleString("en-US")} />
              <Fact label="Downloads" value={downloads.toLocaleString("en-US")} />
              <Fact label="Resolution" value={shown?.resolution ?? `${image.width} × ${image.height}`} />
              <Fact label="File Size" value={shown?.fileSize ?? "…"} />
            </dl>
          </div>

          {shown && shown.related.length > 0 && (
            <section aria-labelledby={`${titleId}-related`} className="border-t border-neutral-200 px-4 py-6 sm:px-6 dark:border-neutral-800">
              <h3 id={`${titleId}-related`} className="mb-4 text-base font-semibold">
                Related images
              </h3>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {shown.related.map((related) => (
                  <li key={related.id}>
                    <a
                      href={related.path}
                      onClick={(event) => {
                        event.preventDefault();
                        onNavigate(related);
                      }}
                      className="block aspect-[4/3] overflow-hidden rounded-lg"
                      style={{ backgroundColor: related.color }}
                    >
                      <Picture image={related} sizes="(min-width: 640px) 280px, 50vw" className="h-full w-full object-cover transition-transform hover:scale-[1.03]" />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      </div>
      {save.dialog}
    </dialog>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="mt-0.5 font-medium tabular-nums">{value}</dd>
    </div>
  );
}
