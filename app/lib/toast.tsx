import { lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { raiseTopLayer, topLayer } from "./top-layer";

/**
 * Toasts, with Sonner (9 KB gzip) fetched when the first toast is asked for, not with the
 * page: most visits never show one, and a phone's first load stays within its budget
 * (decisions 008, 015). Toasts asked for while Sonner is on its way are shown once its toaster is
 * listening.
 *
 * The toaster is in the top layer (top-layer.ts): above the image overlay and any dialog.
 */
type Sonner = typeof import("sonner");
type Show = (sonner: Sonner) => void;

let ready: Sonner | undefined;
const waiting: Show[] = [];
let mountToaster: (() => void) | undefined;

const Toaster = lazy(() =>
  import("sonner").then((sonner) => ({
    default: function ListeningToaster() {
      // Runs after Sonner's own toaster (a child) has subscribed to its toasts.
      useEffect(() => {
        ready = sonner;
        for (const show of waiting.splice(0)) show(sonner);
      }, []);
      return <sonner.Toaster visibleToasts={3} duration={4000} theme="system" position="bottom-center" />;
    },
  })),
);

/** The toaster: at most 3 toasts at a time, each for 4 seconds (spec section 9); mounted with the first toast. */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    mountToaster = () => setWanted(true);
    // A toast asked for before this mounted (during hydration) is waiting.
    if (waiting.length) mountToaster();
    return () => {
      mountToaster = undefined;
    };
  }, []);
  return wanted
    ? createPortal(
        <Suspense>
          <Toaster />
        </Suspense>,
        topLayer(),
      )
    : null;
}

function show(toast: Show): void {
  raiseTopLayer();
  if (ready) return toast(ready);
  waiting.push(toast);
  mountToaster?.();
}

export const toast = {
  success: (message: string, options?: { description?: string }) => show((sonner) => sonner.toast.success(message, options)),
  error: (message: string, options?: { description?: string }) => show((sonner) => sonner.toast.error(message, options)),
};
