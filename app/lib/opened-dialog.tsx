import {
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";

/**
 * A dialog opened by a button: `open(opener)` shows `Dialog` with `props` (and its `onClose`),
 * and when it closes focus returns to `opener`. Render `dialog` anywhere: it goes to the end
 * of the body, outside cards whose hidden controls take no pointer events.
 */
export function useOpenedDialog<P extends object>(
  Dialog: ComponentType<P & { onClose: () => void }>,
  props: P,
): { open: (opener: HTMLElement | null) => void; dialog: ReactNode } {
  // undefined: closed; otherwise the element that opened it (null when there is none to return to).
  const [opener, setOpener] = useState<HTMLElement | null | undefined>(
    undefined,
  );
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
            <Dialog {...props} onClose={close} />
          </Suspense>,
          document.body,
        );
  return { open: setOpener, dialog };
}
