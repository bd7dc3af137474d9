import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { ImageSummary } from "#contracts/catalog";
import { FlagIcon, MoreIcon, ShareIcon } from "~/lib/icons";
import { useOutsideClick } from "~/lib/use-outside-click";
import { useRootData } from "~/lib/viewer";
import { shareImage } from "./share";

const ReportDialog = lazy(() => import("./report-dialog"));

/** The '…' menu of a card: Share and Report. */
export function MoreActions({ image, buttonClassName }: { image: ImageSummary; buttonClassName: string }) {
  const { settings } = useRootData();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useOutsideClick(root, open, useCallback(() => setOpen(false), []));
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
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
      setOpen(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={`More actions for ${image.title}`}
        title="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon size={18} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={`Actions for ${image.title}`}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-20 mt-2 w-40 overflow-hidden rounded-xl border border-neutral-200 bg-white py-1 text-sm text-neutral-900 shadow-lg dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
        >
          <button type="button" role="menuitem" className="menu-item" onClick={() => choose(() => void shareImage(image, settings.baseUrl))}>
            <ShareIcon size={16} /> Share
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={() => choose(() => setReporting(true))}>
            <FlagIcon size={16} /> Report
          </button>
        </div>
      )}
      {/* Outside the card, whose hidden controls take no pointer events. */}
      {reporting &&
        createPortal(
          <Suspense>
            <ReportDialog
              image={image}
              onClose={() => {
                setReporting(false);
                button.current?.focus();
              }}
            />
          </Suspense>,
          document.body,
        )}
    </div>
  );
}
