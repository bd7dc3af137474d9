import { useRef } from "react";
import type { ImageSummary } from "#contracts/catalog";
import { useT } from "~/i18n/i18n";
import { BookmarkIcon, FlagIcon, ShareIcon } from "~/lib/action-icons";
import { type MenuProps, useMenuKeys } from "~/lib/menu-keys";
import { useShare } from "~/lib/share";
import { useOutsideClick } from "~/lib/use-outside-click";

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
}: MenuProps & {
  image: ImageSummary;
  onSave: () => void;
  onReport: () => void;
}) {
  const t = useT();
  const share = useShare();
  const menu = useRef<HTMLDivElement>(null);

  useOutsideClick(root, true, onClose);
  const onKeyDown = useMenuKeys(menu, button, onClose);

  const choose = (action: () => void) => {
    onClose();
    action();
  };

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label={t("engage.actionsFor", { title: image.title })}
      onKeyDown={onKeyDown}
      className="absolute right-0 top-full z-20 mt-2 w-52 overflow-hidden rounded-xl border border-neutral-200 bg-white py-1 text-sm text-neutral-900 shadow-lg dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <button type="button" role="menuitem" className="menu-item" onClick={() => choose(onSave)}>
        <BookmarkIcon size={16} /> {t("overlay.saveLabel")}
      </button>
      <button type="button" role="menuitem" className="menu-item" onClick={() => choose(() => void share(image.title, image.path))}>
        <ShareIcon size={16} /> {t("overlay.share")}
      </button>
      <button type="button" role="menuitem" className="menu-item" onClick={() => choose(onReport)}>
        <FlagIcon size={16} /> {t("overlay.report")}
      </button>
    </div>
  );
}
