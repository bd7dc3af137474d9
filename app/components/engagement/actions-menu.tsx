import { useEffect, useRef, type RefObject } from "react";
import type { ImageSummary } from "#contracts/catalog";
import { BookmarkIcon, FlagIcon, ShareIcon } from "~/lib/icons";
import { shareImage } from "~/lib/share";
import { useOutsideClick } from "~/lib/use-outside-click";
import { useRootData } from "~/lib/viewer";

/**
 * The open '…' menu of a card (more-actions.tsx): Save to collection, Share and Report. Its own chunk, loaded
 * when the '…' button is pointed at or focused, since it shows only after a click.
 */
export default function ActionsMenu({
  id,
  image,
  root,
  button,
  onClose,
  onSave,
  onReport,
}: {
  id: string;
  image: ImageSummary;
  /** The menu and its button: a press outside closes the menu. */
  root: RefObject<HTMLElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onSave: () => void;
  onReport: () => void;
}) {
  const { settings } = useRootData();
  const menu = useRef<HTMLDivElement>(null);

  useOutsideClick(root, true, onClose);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, []);

  const choose = (action: () => void) => {
    onClose();
    action();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        button.current?.focus();
      }
      onClose();
    }
  };

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label={`Actions for ${image.title}`}
      onKeyDown={onKeyDown}
      className="absolute right-0 top-full z-20 mt-2 w-52 overflow-hidden rounded-xl border border-neutral-200 bg-white py-1 text-sm text-neutral-900 shadow-lg dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <button type="button" role="menuitem" className="menu-item" onClick={() => choose(onSave)}>
        <BookmarkIcon size={16} /> Save to collection
      </button>
      <button type="button" role="menuitem" className="menu-item" onClick={() => choose(() => void shareImage(image, settings.baseUrl))}>
        <ShareIcon size={16} /> Share
      </button>
      <button type="button" role="menuitem" className="menu-item" onClick={() => choose(onReport)}>
        <FlagIcon size={16} /> Report
      </button>
    </div>
  );
}
