import type { ReactNode } from "react";

/**
 * Holds the browser's first paint until the element with id `until` is reached in the HTML: a
 * `<link rel="expect" blocking="render">`. Chrome ends the hold once that element's start tag
 * is parsed, not its end (measured on Chromium 156), so everything above it is laid out whole.
 * Only a link parsed in <head> holds anything; React hoists one rendered further down there.
 */
export function HoldFirstPaint({ until }: { until: string }) {
  return <link rel="expect" href={`#${until}`} blocking="render" />;
}

/**
 * The part of a page that may stream in: the first paint waits until the HTML reaches it, so
 * that what comes above (a page's title, tags and filters, whose rows moved as their last
 * pieces arrived) is whole; what follows, such as grid cards of fixed size, may still arrive.
 */
export function FirstPaintBoundary({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <>
      <HoldFirstPaint until={id} />
      <div id={id} className={className}>
        {children}
      </div>
    </>
  );
}
