import { useEffect, useRef, type RefObject } from "react";
import { focusCard } from "./image-grid";

/**
 * The overlay's dialog, server-rendered (or just mounted) open, made a modal one; when the
 * overlay goes, focus goes back to the card of the image it showed last.
 *
 * In an effect, not a layout effect: making the dialog modal makes the rest of the page inert,
 * and the browser restyles all of it (about 15 ms of CPU, 60 ms on a slow phone). After
 * hydration that runs as a task of its own instead of lengthening hydration's; the open
 * dialog looks the same until then, modal or not.
 */
export function useModalOverlay(dialog: RefObject<HTMLDialogElement | null>, imageId: number): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.matches(":modal")) return;
    element.close();
    element.showModal();
  }, [dialog]);

  const shownId = useRef(imageId);
  useEffect(() => {
    shownId.current = imageId;
  }, [imageId]);
  useEffect(() => () => focusCard(shownId.current), []);
}
