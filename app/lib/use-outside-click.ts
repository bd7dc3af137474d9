import { useEffect, type RefObject } from "react";

/** While `active`, a pointer press outside `root` calls `onOutside` (e.g. to close a menu). */
export function useOutsideClick(root: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOutside();
    };
    document.addEventListener("pointerdown", listener);
    return () => document.removeEventListener("pointerdown", listener);
  }, [root, active, onOutside]);
}
