import { useCallback, useId, useRef, useState } from "react";
import type { ImageDetail, ImageSummary } from "#contracts/catalog";
import { DownloadLink } from "~/components/engagement/download-button";
import { DownloadIcon } from "~/lib/icons";
import { ChevronRightIcon } from "~/lib/action-icons";
import { useT } from "~/i18n/i18n";
import { useOutsideClick } from "~/lib/use-outside-click";

/**
 * The overlay's Download button (the original) and, beside it, the menu of the image's other
 * sizes: below the button from 640 px, a sheet along the bottom edge on a phone.
 */
export function DownloadMenu({ image, sizes }: { image: ImageSummary; sizes: ImageDetail["downloadSizes"] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useOutsideClick(root, open, useCallback(() => setOpen(false), []));
  const t = useT();

  return (
    <div ref={root} className="relative flex" data-menu-open={open || undefined}>
      <DownloadLink image={image} size="original" className="button-primary rounded-e-none">
        <DownloadIcon size={18} className="max-sm:hidden" />
        {t("overlay.download")}
      </DownloadLink>
      <button
        type="button"
        className="button-primary rounded-s-none border-s border-white/20 px-2 dark:border-neutral-900/20"
        aria-label={t("overlay.chooseSize")}
        aria-expanded={open}
        aria-controls={menuId}
        disabled={sizes.length === 0}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => event.key === "Escape" && open && (event.preventDefault(), setOpen(false))}
      >
        <ChevronRightIcon size={16} className="rotate-90" />
      </button>
      {open && <div className="fixed inset-0 z-20 bg-black/40 sm:hidden" onClick={() => setOpen(false)} />}
      {open && (
        <ul
          id={menuId}
          aria-label={t("overlay.sizes")}
          className="absolute end-0 top-full z-20 mt-2 w-56 overflow-hidden rounded-xl border border-neutral-200 bg-white py-1 shadow-lg max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:top-auto max-sm:w-auto max-sm:rounded-b-none max-sm:pb-3 max-sm:pt-2 dark:border-neutral-700 dark:bg-neutral-900"
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === "Escape") {
              event.preventDefault();
              setOpen(false);
            }
          }}
        >
          <li className="px-5 pb-1 pt-2 text-sm font-semibold sm:hidden" aria-hidden="true">
            {t("overlay.size")}
          </li>
          {sizes.map((size) => (
            <li key={size.name} onClick={() => setOpen(false)}>
              <DownloadLink image={image} size={size.name} className="menu-item justify-between max-sm:px-5 max-sm:py-3.5 max-sm:text-base">
                <span className="font-medium">{t(`overlay.sizeName.${size.name}`)}</span>
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
