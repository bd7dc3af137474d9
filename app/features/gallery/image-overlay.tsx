import { useId, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import type { ImageDetail, ImageSummary } from "#contracts/catalog";
import { Avatar } from "~/components/avatar";
import { preloadSaveDialog, useSaveToCollection } from "~/components/collections/save-to-collection";
import { useToggleLike } from "~/components/engagement/like-button";
import { useReport } from "~/components/engagement/report";
import { useEngagement } from "~/components/engagement/store";
import { detailSizes, Picture } from "~/components/picture";
import { useLocale, useLocalizedPath, useT } from "~/i18n/i18n";
import { FirstPaintBoundary } from "~/lib/first-paint";
import { formatsFor, type KnownTexts } from "~/lib/formats";
import { CloseIcon, HeartIcon } from "~/lib/icons";
import { BookmarkIcon, FlagIcon, ShareIcon } from "~/lib/action-icons";
import { useShare } from "~/lib/share";
import { DownloadMenu } from "./download-menu";
import { ContentCredentialsLine } from "./content-credentials-line";
import { HowItWasMade } from "./how-it-was-made";
import { creatorPath } from "./image-card";
import { StepButtons, type OverlayPosition } from "./overlay-stepping";
import { usePlaceholder } from "./placeholder";
import { useCountView } from "./use-count-view";
import { useModalOverlay } from "./use-modal-overlay";
import { useOverlayKeys } from "./use-overlay-keys";
import { useSwipe } from "./use-swipe";

interface ImageOverlayProps {
  /** What to show at once; `detail` fills in the rest when it has arrived. */
  image: ImageSummary;
  detail: ImageDetail | null;
  /** The detail's counts, dates and file size as the server formatted them (lib/formats.ts). */
  known?: KnownTexts;
  prev?: ImageSummary;
  next?: ImageSummary;
  /** Where the image stands in the list stepped through, when it is in it. */
  position?: OverlayPosition;
  onNavigate: (image: ImageSummary) => void;
  onClose: () => void;
  /** A tag was chosen: close and list the images with that tag. */
  onTag: (tag: string) => void;
  /** What the U key does when the image is liked: unlike it (gallery) or only log (profile). */
  unlikeKey?: "unlike" | "log";
  /** The site's footer, at the end of the details: the image's own page ends there. */
  footer?: ReactNode;
}

/**
 * The detail view of one image, as a modal dialog over the page: focus moves in and stays
 * in, the page behind does not scroll, and Escape, the close button or the backdrop close it.
 *
 * Below 640 px it is made for thumbs (decision 036): a top bar (close, the image's place in
 * the list, previous and next), the image (swiped to step) and its details scrolling between
 * the bars, and the actions in a bar along the bottom edge. Neither bar lies over the
 * scrolling part, so no control ever covers its text.
 */
export function ImageOverlay({ image, detail, known, prev, next, position, onNavigate, onClose, onTag, unlikeKey = "unlike", footer }: ImageOverlayProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const shown = detail && detail.id === image.id ? detail : null;
  const summary = shown ?? image;
  const share = useShare();
  const t = useT();
  const to = useLocalizedPath();
  const format = formatsFor(useLocale(), known);
  const like = useToggleLike(summary);
  const { downloads } = useEngagement(summary);
  const save = useSaveToCollection(image);
  const report = useReport(image);
  const placeholder = usePlaceholder(image.color, image.placeholder);

  useModalOverlay(dialog, image.id);
  useCountView(image.id);
  const step = { prev: prev && (() => onNavigate(prev)), next: next && (() => onNavigate(next)) };
  const swipe = useSwipe(step.prev, step.next);
  useOverlayKeys(dialog, {
    close: onClose,
    ...step,
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
      className="fixed inset-0 z-50 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-black/80 p-0 text-neutral-900 backdrop:bg-transparent max-sm:top-14 max-sm:bottom-16 max-sm:h-auto max-sm:bg-white dark:text-neutral-100 max-sm:dark:bg-neutral-900"
    >
      <div className="flex min-h-full items-start justify-center sm:px-16 sm:py-6" onClick={closeOnBackdrop}>
        {/* The phone's top bar; from 640 px its buttons float at the window's corner and sides. */}
        <div className="fixed inset-x-0 top-0 z-10 flex h-14 items-center gap-1 border-b border-neutral-200 bg-white px-1.5 sm:contents dark:border-neutral-800 dark:bg-neutral-900">
          <button
            type="button"
            onClick={onClose}
            aria-label={t("overlay.close")}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full max-sm:hover:bg-neutral-100 max-sm:dark:hover:bg-neutral-800 sm:fixed sm:start-2 sm:top-2 sm:z-10 sm:size-10 sm:text-white sm:hover:bg-white/15"
          >
            <CloseIcon size={24} />
          </button>
          <p className="flex-1 text-center text-sm font-medium tabular-nums text-neutral-600 sm:hidden dark:text-neutral-400">
            {position && (
              <>
                {/* "1 / 30" as written in every language: right to left it would read "30 / 1". */}
                <span aria-hidden="true" dir="ltr">
                  {position.at} / {position.of}
                </span>
                <span className="sr-only">{t("overlay.position", { at: position.at, of: position.of })}</span>
              </>
            )}
          </p>
          <StepButtons prev={prev} next={next} onNavigate={onNavigate} />
        </div>

        <article className="w-full max-w-6xl overflow-hidden bg-white shadow-2xl sm:rounded-2xl dark:bg-neutral-900">
          <header className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
            <Link to={to(creatorPath(image.creator.name))} className="flex min-w-0 items-center gap-2.5 rounded-full pe-2 hover:opacity-80">
              <Avatar name={image.creator.name} url={image.creator.avatarUrl} size={36} />
              <span className="truncate text-sm font-medium" translate="no">
                {image.creator.name}
              </span>
            </Link>
            {/* The actions: beside the creator from 640 px, in a bar along a phone's bottom edge, where the thumb is. */}
            <div className="flex items-center gap-2 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-10 max-sm:h-16 max-sm:justify-between max-sm:gap-1.5 max-sm:border-t max-sm:border-neutral-200 max-sm:bg-white max-sm:px-2 sm:flex-wrap max-sm:dark:border-neutral-800 max-sm:dark:bg-neutral-900">
              {/* The button's name is 'Like' or 'Unlike'; the count beside it is plain text. */}
              <div className="inline-flex h-10 items-center rounded-lg border border-neutral-300 dark:border-neutral-700">
                <button
                  type="button"
                  onClick={like.toggle}
                  aria-pressed={like.liked}
                  aria-label={t(like.liked ? "overlay.unlike" : "overlay.like")}
                  className="inline-flex h-full items-center rounded-s-lg ps-3 pe-2 hover:bg-neutral-100 dark:hover:bg-neutral-800"
                >
                  <HeartIcon size={18} filled={like.liked} className={like.liked ? "text-rose-500" : undefined} />
                </button>
                <span className="pe-3 text-sm font-medium tabular-nums">
                  {like.likes}
                </span>
              </div>
              <button
                type="button"
                onClick={(event) => save.open(event.currentTarget)}
                onPointerEnter={preloadSaveDialog}
                onFocus={preloadSaveDialog}
                aria-label={t("overlay.saveLabel")}
                className="button-secondary px-3"
              >
                <BookmarkIcon size={18} />
                <span className="max-sm:sr-only">{t("overlay.save")}</span>
              </button>
              <button type="button" onClick={() => void share(image.title, image.path)} className="button-secondary px-3">
                <ShareIcon size={18} />
                <span className="max-sm:sr-only">{t("overlay.share")}</span>
              </button>
              <button type="button" onClick={(event) => report.open(event.currentTarget)} className="button-secondary px-3" aria-label={t("overlay.report")} title={t("overlay.reportTitle")}>
                <FlagIcon size={18} />
              </button>
              <DownloadMenu image={summary} sizes={shown?.downloadSizes ?? []} />
            </div>
          </header>

          {/* The image page's first paint waits for the top bar above, whose buttons moved as they arrived one by one. */}
          <FirstPaintBoundary id="image-frame" className="flex justify-center bg-neutral-100 dark:bg-neutral-950">
            <div
              {...swipe}
              className="relative touch-pan-y"
              style={{ aspectRatio: `${image.width} / ${image.height}`, width: `min(100%, calc(75vh * ${image.width / image.height}))`, ...placeholder.style }}
            >
              <Picture
                key={image.id}
                image={image}
                sizes={detailSizes(image)}
                eager
                preloaded
                className="h-full w-full object-contain"
                onLoad={placeholder.loaded}
              />
            </div>
          </FirstPaintBoundary>

          <div className="grid gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[1fr_18rem]">
            <div className="min-w-0">
              <h2 id={titleId} className="text-xl font-semibold tracking-tight sm:text-2xl" translate="no" dir="auto">
                {image.title}
              </h2>
              <p className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400" translate="no" dir="auto">
                {shown?.description ?? " "}
              </p>
              {summary.tags.length > 0 && (
                <ul className="mt-5 flex flex-wrap gap-2" aria-label={t("overlay.tags")} translate="no">
                  {summary.tags.map((tag) => (
                    <li key={tag}>
                      <button type="button" className="chip h-8" onClick={() => onTag(tag)}>
                        {tag}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {shown?.howMade && <HowItWasMade made={shown.howMade} headingId={`${titleId}-made`} format={format} />}
              {shown && <ContentCredentialsLine credentials={shown.credentials} format={format} />}
            </div>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm lg:grid-cols-1">
              <Fact label={t("overlay.likes")} value={format.number(like.likes)} />
              <Fact label={t("overlay.downloads")} value={format.number(downloads)} />
              <Fact label={t("overlay.resolution")} value={shown?.resolution ?? `${image.width} × ${image.height}`} />
              <Fact label={t("overlay.fileSize")} value={shown ? format.fileSize(shown.fileBytes, shown.fileSize) : "…"} />
            </dl>
          </div>

          {shown && shown.related.length > 0 && (
            <section aria-labelledby={`${titleId}-related`} className="border-t border-neutral-200 px-4 py-6 sm:px-6 dark:border-neutral-800">
              <h3 id={`${titleId}-related`} className="mb-4 text-base font-semibold">
                {t("overlay.related")}
              </h3>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {shown.related.map((related) => (
                  <li key={related.id}>
                    <a
                      href={to(related.path)}
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
          {footer}
        </article>
      </div>
      {save.dialog}
      {report.dialog}
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
