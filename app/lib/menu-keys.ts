import { useEffect, type RefObject } from "react";

/** What a menu opened by a button takes: its id (the button's `aria-controls`), the menu and its button (a press outside closes the menu), and how to close it. */
export interface MenuProps {
  id: string;
  root: RefObject<HTMLElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** The menu's items, in order. */
const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];

/**
 * An open menu's keys, as the WAI-ARIA menu button pattern has them: its first item takes the
 * focus when it opens; Down and Up move round its items, Home and End to the first and last;
 * Escape closes it and gives the focus back to its `button`; Tab closes it and moves on. The
 * returned handler goes on the menu's element.
 */
export function useMenuKeys(menu: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>, onClose: () => void) {
  useEffect(() => {
    itemsOf(menu.current)[0]?.focus();
  }, [menu]);

  return (event: React.KeyboardEvent) => {
    const items = itemsOf(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const target = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      items[(target + items.length) % items.length]?.focus();
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        button.current?.focus();
      }
      onClose();
    }
  };
}
