import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import type { ImageSummary } from "#contracts/catalog";
import { preloadSaveDialog, useSaveToCollection } from "~/components/collections/save-to-collection";
import { useT } from "~/i18n/i18n";
import { MoreIcon } from "~/lib/icons";
import { useReport } from "./report";

const loadMenu = () => import("./actions-menu");
const ActionsMenu = lazy(loadMenu);

/** The '…' button of a card and its menu, Save to collection, Share and Report, whose code loads once the button is pointed at or focused. */
export function MoreActions({ image, buttonClassName }: { image: ImageSummary; buttonClassName: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const save = useSaveToCollection(image);
  const report = useReport(image);
  const t = useT();
  const preload = () => {
    void loadMenu();
    preloadSaveDialog();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={t("engage.moreActionsFor", { title: image.title })}
        title={t("engage.moreActions")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon size={18} />
      </button>
      {open && (
        <Suspense>
          <ActionsMenu id={menuId} image={image} root={root} button={button} onClose={close} onSave={() => save.open(button.current)} onReport={() => report.open(button.current)} />
        </Suspense>
      )}
      {save.dialog}
      {report.dialog}
    </div>
  );
}
