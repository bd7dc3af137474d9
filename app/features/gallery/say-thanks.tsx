import { lazy, Suspense } from "react";
import { createPortal } from "react-dom";
import { useThanks } from "~/components/engagement/thanks";
import { topLayer } from "~/lib/top-layer";

const SayThanksPanel = lazy(() => import("./say-thanks-panel"));

/** The panel after a download (its own chunk, fetched with the first download), above the overlay and any dialog. */
export function SayThanks() {
  const image = useThanks();
  return image
    ? createPortal(
        <Suspense>
          <SayThanksPanel key={image.id} image={image} />
        </Suspense>,
        topLayer(),
      )
    : null;
}
