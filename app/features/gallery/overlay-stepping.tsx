import type { ImageSummary } from "#contracts/catalog";
import { useT } from "~/i18n/i18n";
import { ChevronLeftIcon, ChevronRightIcon } from "~/lib/action-icons";

/** Where an image stands in the list the overlay steps through: the `at`-th of `of`. */
export interface OverlayPosition {
  at: number;
  of: number;
}

/** The images before and after the one at `index` of a list (none before the first, none after the last or when it is not in the list), and its place in it. */
export function neighboursAt(images: ImageSummary[], index: number): { prev?: ImageSummary; next?: ImageSummary; position?: OverlayPosition } {
  return {
    prev: index > 0 ? images[index - 1] : undefined,
    next: index >= 0 ? images[index + 1] : undefined,
    position: index >= 0 ? { at: index + 1, of: images.length } : undefined,
  };
}

/**
 * The overlay's previous and next buttons, for those of the two images there are: in the top
 * bar on a phone (an empty place where one is missing, so the other stays put), at the
 * window's sides from 640 px.
 */
export function StepButtons({ prev, next, onNavigate }: { prev?: ImageSummary; next?: ImageSummary; onNavigate: (image: ImageSummary) => void }) {
  return (
    <>
      <StepButton image={prev} direction="prev" onNavigate={onNavigate} />
      <StepButton image={next} direction="next" onNavigate={onNavigate} />
    </>
  );
}

function StepButton({ image, direction, onNavigate }: { image?: ImageSummary; direction: "prev" | "next"; onNavigate: (image: ImageSummary) => void }) {
  const t = useT();
  if (!image) return <span className="size-11 shrink-0 sm:hidden" />;
  const Icon = direction === "prev" ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      onClick={() => onNavigate(image)}
      aria-label={t(direction === "prev" ? "overlay.prev" : "overlay.next")}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full max-sm:hover:bg-neutral-100 max-sm:dark:hover:bg-neutral-800 sm:fixed sm:top-1/2 sm:z-10 sm:-translate-y-1/2 sm:bg-white/10 sm:text-white sm:hover:bg-white/20 ${direction === "prev" ? "sm:start-3" : "sm:end-3"}`}
    >
      <Icon size={26} className="rtl:-scale-x-100" />
    </button>
  );
}
