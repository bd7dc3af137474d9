import type { ImageSummary } from "#contracts/catalog";
import { ChevronLeftIcon, ChevronRightIcon } from "~/lib/icons";

/** The images before and after the one at `index` of a list (none before the first, none after the last or when it is not in the list). */
export function neighboursAt(images: ImageSummary[], index: number): { prev?: ImageSummary; next?: ImageSummary } {
  return { prev: index > 0 ? images[index - 1] : undefined, next: index >= 0 ? images[index + 1] : undefined };
}

/** The overlay's previous and next buttons, for those of the two images there are. */
export function StepButtons({ prev, next, onNavigate }: { prev?: ImageSummary; next?: ImageSummary; onNavigate: (image: ImageSummary) => void }) {
  return (
    <>
      <StepButton image={prev} direction="prev" onNavigate={onNavigate} />
      <StepButton image={next} direction="next" onNavigate={onNavigate} />
    </>
  );
}

function StepButton({ image, direction, onNavigate }: { image?: ImageSummary; direction: "prev" | "next"; onNavigate: (image: ImageSummary) => void }) {
  if (!image) return null;
  const Icon = direction === "prev" ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      onClick={() => onNavigate(image)}
      aria-label={direction === "prev" ? "Previous image" : "Next image"}
      className={`fixed bottom-4 z-10 inline-flex size-11 items-center sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2 justify-center rounded-full bg-black/50 text-white hover:bg-black/70 sm:bg-white/10 sm:hover:bg-white/20 ${direction === "prev" ? "left-2 sm:left-3" : "right-2 sm:right-3"}`}
    >
      <Icon size={26} />
    </button>
  );
}
