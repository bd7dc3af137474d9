import { useCallback, useId, useRef, useState } from "react";
import type { ImageDetail, ImageSummary } from "#contracts/catalog";
import { downloadSizeLabels } from "#contracts/catalog-constants";
import { DownloadLink } from "~/components/engagement/download-button";
import { ChevronRightIcon, DownloadIcon } from "~/lib/icons";
import { useOutsideClick } from "~/lib/use-outside-click";

/** The overlay's Download button (the original) and, beside it, the menu of the image's other sizes. */
export function DownloadMenu({ image, sizes }: { image: ImageSummary; sizes: ImageDetail["downloadSizes"] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useOutsideClick(root, open, useCallback(() => setOpen(false), []));

  return (
    <div ref={root} className="relative flex" data-menu-open={open || undefined}>
      <DownloadLink image={image} size="original" className="button-primary rounded-r-none">
        <DownloadIcon size={18} />
        Download
      </DownloadLink>
      <button
        type="button"
        className="button-primary rounded-l-none border-l border-white/20 px-2 dark:border-neutral-900/20"
        aria-label="Choose a download size"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={sizes.length === 0}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => event.key === "Escape" && open && (event.preventDefault(), setOpen(false))}
      >
        <ChevronRightIcon size={16} className="rotate-90" />
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 top-full z-20 mt-2 w-56 overflow-hidden rounded-xl border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === "Escape") {
              event.preventDefault();
              setOpen(false);
            }
          }}
        >
          {sizes.map((size) => (
            <li key={size.name}>
              <DownloadLink image={image} size={size.name} className="menu-item justify-between">
                <span className="font-medium">{downloadSizeLabels[size.name]}</span>
                <span className="text-neutral-500 tabular-nums dark:text-neutral-400">
                  {size.width} × {size.height}
                </span>
              </DownloadLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
