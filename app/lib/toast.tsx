import { lazy, Suspense } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * Toasts, with Sonner loaded after the page has hydrated rather than with the first page's
 * JavaScript: nothing is shown before a visitor acts, and by then it is there.
 */
const loadSonner = () => import("sonner");

const Toaster = lazy(() =>
  loadSonner().then(({ Toaster: SonnerToaster }) => ({
    default: () => <SonnerToaster visibleToasts={3} duration={4000} theme="system" position="bottom-center" />,
  })),
);

/** The toaster: at most 3 toasts at a time, each for 4 seconds (spec section 9). */
export function Toasts() {
  return useHydrated() ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}

export const toast = {
  success: (message: string, options?: { description?: string }) => void loadSonner().then((sonner) => sonner.toast.success(message, options)),
  error: (message: string, options?: { description?: string }) => void loadSonner().then((sonner) => sonner.toast.error(message, options)),
};
