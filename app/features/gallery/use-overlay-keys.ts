import { useEffect, useRef, type RefObject } from "react";

interface OverlayKeys {
  /** Escape. */
  close: () => void;
  /** Left and Right arrows: absent at either end of the list. */
  prev?: () => void;
  next?: () => void;
  /** U: absent while the image is not liked. */
  unlike?: () => void;
}

/**
 * The overlay's keys: Escape closes, Left/Right step, U unlikes. They work wherever focus is
 * in the dialog, or on the page itself after a focused button went away, and not while
 * another dialog is open over this one.
 */
export function useOverlayKeys(dialog: RefObject<HTMLDialogElement | null>, keys: OverlayKeys): void {
  // The listener stays for the overlay's life; each render gives it the current actions.
  const current = useRef(keys);
  useEffect(() => {
    current.current = keys;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as Element;
      if (target !== document.body && !dialog.current?.contains(target)) return;
      // A dialog opened over this one (saving to a collection) takes the keys, even when focus fell to the page.
      if ([...document.querySelectorAll("dialog")].some((other) => other !== dialog.current && other.matches(":modal"))) return;
      const { close, prev, next, unlike } = current.current;
      // Escape is handled here rather than only by the dialog's cancel event, which Chrome skips
      // for a repeated Escape after an inner one (e.g. closing the download menu) was consumed.
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      // Arrow keys inside an open menu (the download sizes) belong to it, not to the overlay.
      const inMenu = target.closest("[data-menu-open]") !== null;
      // Right to left (Arabic), the previous image is to the right, as the reader sees it.
      const [toLeft, toRight] = document.documentElement.dir === "rtl" ? [next, prev] : [prev, next];
      const action = event.key === "ArrowLeft" ? !inMenu && toLeft : event.key === "ArrowRight" ? !inMenu && toRight : event.key.toLowerCase() === "u" && unlike;
      if (!action) return;
      action();
      event.preventDefault();
    };
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, [dialog]);
}
