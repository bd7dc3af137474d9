import type { ReactNode } from "react";

/**
 * The browser's first paint waits until the HTML reaches this boundary: a `<link rel="expect"
 * blocking="render">` (React hoists it into <head>) names the boundary's element, and Chrome
 * unblocks rendering once that element's start tag is parsed. Everything above it (a page's
 * title, tags and filters, whose rows moved as their last pieces arrived) is then laid out
 * whole; what follows it, such as grid cards of fixed size, may still stream in.
 */
export function FirstPaintBoundary({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <>
      <link rel="expect" href={`#${id}`} blocking="render" />
      <div id={id} className={className}>
        {children}
      </div>
    </>
  );
}
