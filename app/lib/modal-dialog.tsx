import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";

/**
 * A small modal dialog over the page (a report, saving to collections): named by its title,
 * with a line under it and a close button; on a phone, a sheet rising from the bottom edge. Escape and the button call `onClose`; the page's
 * own keys (the overlay's arrows) do not see the keys pressed inside.
 *
 * Escape is taken on keydown, its default action prevented: left to the browser, it is a close
 * request, which Chrome may pass on to the dialog below (the image overlay) in the same press
 * when the two dialogs' close watchers share a group, closing both.
 */
export function ModalDialog({ title, description, onClose, children }: { title: string; description: ReactNode; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key !== "Escape") return;
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl max-sm:mb-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-b-none bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-black/60 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex flex-col gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</p>
          </div>
          <button type="button" onClick={onClose} className="icon-button -mr-2 -mt-1" aria-label="Close">
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
