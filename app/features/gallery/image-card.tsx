import { startTransition, useEffect, useState } from "react";
import { Link } from "react-router";
import type { ImageSummary } from "#contracts/catalog";
import { textDirection } from "#contracts/locales";
import { Avatar } from "~/components/avatar";
import { DownloadLink } from "~/components/engagement/download-button";
import { LikeButton } from "~/components/engagement/like-button";
import { MoreActions } from "~/components/engagement/more-actions";
import { Picture } from "~/components/picture";
import { useLocale, useLocalizedPath } from "~/i18n/i18n";
import { DownloadIcon } from "~/lib/icons";
import { whenIdleInTurn } from "~/lib/when-idle";
import { ownDirection } from "~/lib/own-direction";
import { usePlaceholder } from "./placeholder";

const CARD_SIZES =
  "(min-width: 1536px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";

export function creatorPath(name: string): string {
  return `/creator/${encodeURIComponent(name)}`;
}

interface CardProps {
  image: ImageSummary;
  /** Loaded at once with high priority: the cards of the first row. */
  eager: boolean;
  /** The masonry position (CSS custom properties). */
  layout: Record<string, string>;
  /** Opens the image in place; without it the card links to the image's page. */
  onOpen?: () => void;
  onIntent?: () => void;
  /** In a grid kept out of sight: its controls wait until it is shown. */
  outOfSight: boolean;
}

export function ImageCard({
  image,
  eager,
  layout,
  onOpen,
  onIntent,
  outOfSight,
}: CardProps) {
  const placeholder = usePlaceholder(image.color, image.placeholder);
  const to = useLocalizedPath();
  const locale = useLocale();
  // The controls over the image (Like, More, the creator, Download) are drawn once the page runs
  // and the card is in sight, when the browser has a moment, or at once when the card is pointed
  // at or focused. Hidden until then, they were two thirds of each card's HTML and of the home
  // page's first layout.
  const [controlsDrawn, setControlsDrawn] = useState(false);
  useEffect(
    () => (controlsDrawn || outOfSight ? undefined : whenIdleInTurn(() => startTransition(() => setControlsDrawn(true)))),
    [controlsDrawn, outOfSight],
  );
  const drawControls = () => setControlsDrawn(true);

  return (
    <li style={layout} data-image-id={image.id} className="group" onPointerEnter={drawControls} onFocus={drawControls}>
      <Link
        to={to(image.path)}
        state={{ fromGrid: true }}
        preventScrollReset
        prefetch={onOpen ? "none" : "intent"}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={(event) => {
          if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey)
            return;
          event.preventDefault();
          onOpen();
        }}
        className="block h-full w-full overflow-hidden rounded-xl bg-neutral-100 dark:bg-neutral-900"
        style={placeholder.style}
      >
        <Picture
          image={image}
          sizes={CARD_SIZES}
          eager={eager}
          className="h-full w-full object-cover transition-[opacity,transform] duration-200 ease-out group-hover:scale-[1.02] data-waiting:opacity-0 data-waiting:transition-none motion-reduce:transition-none"
          fadeIn
          onLoad={placeholder.loaded}
        />
      </Link>
      {controlsDrawn && (
        <>
          <div className="card-reveal absolute inset-0 rounded-xl bg-gradient-to-b from-black/25 via-transparent to-black/45" />
          <div className="card-reveal absolute right-3 top-3 flex gap-2">
            <LikeButton image={image} className="card-action" />
            <div className="hidden md:block">
              <MoreActions image={image} buttonClassName="card-action" />
            </div>
          </div>
          <div className="card-reveal absolute inset-x-3 bottom-3 flex items-center justify-between gap-2">
            <Link
              to={to(creatorPath(image.creator.name))}
              className="inline-flex min-w-0 items-center gap-2 rounded-full bg-black/45 py-1 pl-1 pr-3 text-sm font-medium text-white backdrop-blur hover:bg-black/60"
            >
              <Avatar
                name={image.creator.name}
                url={image.creator.avatarUrl}
                size={26}
              />
              <span className="truncate" translate="no" dir={ownDirection(image.creator.name, textDirection(locale))}>
                {image.creator.name}
              </span>
            </Link>
            <DownloadLink
              image={image}
              size="original"
              className="card-action shrink-0"
              label={`Download ${image.title}`}
            >
              <DownloadIcon size={18} />
            </DownloadLink>
          </div>
        </>
      )}
    </li>
  );
}
