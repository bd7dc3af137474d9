import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import type { ImageSummary } from "#contracts/catalog";
import { loginPathHere, useRootData } from "~/lib/viewer";

const loadDialog = () => import("./save-dialog");
const SaveDialog = lazy(loadDialog);

/** Fetches the dialog's code (and Zod's, which it brings) before it is needed: when its button is pointed at or focused. */
export const preloadSaveDialog = () => void loadDialog();

/**
 * "Save to collection" for an image: `open(opener)` shows the dialog (its own chunk, kept off
 * the first page), or sends an anonymous visitor to sign in and back; when the dialog closes,
 * focus returns to `opener`. Render `dialog` anywhere: it goes to the end of the body, outside
 * cards whose hidden controls take no pointer events.
 */
export function useSaveToCollection(image: ImageSummary): { open: (opener: HTMLElement | null) => void; dialog: ReactNode } {
  const { viewer } = useRootData();
  const navigate = useNavigate();
  // undefined: closed; otherwise the element that opened it (null when there is none to return to).
  const [opener, setOpener] = useState<HTMLElement | null | undefined>(undefined);
  const open = (from: HTMLElement | null) => {
    if (viewer) setOpener(from);
    else void navigate(loginPathHere());
  };
  // Focus goes back once the dialog has gone: while it is open, everything outside it is inert.
  const returnTo = useRef<HTMLElement | null>(null);
  const close = () => {
    returnTo.current = opener ?? null;
    setOpener(undefined);
  };
  // A layout effect: in the same task that removes the dialog, so focus is never left on the page's body.
  useLayoutEffect(() => {
    if (opener !== undefined || !returnTo.current) return;
    returnTo.current.focus();
    returnTo.current = null;
  }, [opener]);
  const dialog =
    opener === undefined
      ? null
      : createPortal(
          <Suspense>
            <SaveDialog image={image} onClose={close} />
          </Suspense>,
          document.body,
        );
  return { open, dialog };
}
