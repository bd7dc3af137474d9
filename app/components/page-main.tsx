import type { ReactNode } from "react";

/** The id of every page's <main>: the root layout holds the first paint until it (HoldFirstPaint), so the header is whole. */
export const PAGE_MAIN_ID = "content";

/** A page's <main>. Every page has one, so that the root layout's hold ends at the same place on all of them. */
export function PageMain({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={PAGE_MAIN_ID} className={className}>
      {children}
    </main>
  );
}
