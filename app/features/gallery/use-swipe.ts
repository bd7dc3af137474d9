import { useRef } from "react";

/** How far a finger must travel sideways, in CSS pixels, to step to another image. */
const SWIPE_MIN_PX = 50;

/**
 * Swiping an element with one finger: right to left calls `next`, left to right `prev` (the other way round on a right-to-left page), when
 * the move is more sideways than up or down (that one scrolls). Spread the handlers on the
 * element, which should let the browser pan only vertically (`touch-pan-y`).
 */
export function useSwipe(prev: (() => void) | undefined, next: (() => void) | undefined) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: React.PointerEvent) => {
      if (event.pointerType === "touch" && event.isPrimary) start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onPointerUp: (event: React.PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      // A swipe moves the image the way the page reads: right to left (Arabic), a left-to-right swipe brings the next one.
      const rtl = document.documentElement.dir === "rtl";
      ((dx < 0) !== rtl ? next : prev)?.();
    },
  };
}
