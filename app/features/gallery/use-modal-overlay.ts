import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { focusCard } from "./image-grid";

/**
 * The overlay's dialog, server-rendered (or just mounted) open, made a modal one; when the
 * overlay goes, focus goes back to the card of the image it showed last.
 */
export function useModalOverlay(dialog: RefObject<HTMLDialogElement | null>, imageId: number): void {
  useLayoutEffect(() => {
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
