import { useSyncExternalStore } from "react";
import type { ImageSummary } from "#contracts/catalog";

/**
 * The moment after a download: the image whose creator the visitor may thank, until they close
 * the panel. "Don't show again" is remembered in the browser (localStorage), per visitor.
 */
const HIDDEN_KEY = "stockroom:say-thanks-hidden";

let shown: ImageSummary | null = null;
const listeners = new Set<() => void>();

function show(image: ImageSummary | null): void {
  shown = image;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function hiddenForGood(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === "1";
  } catch {
    return false; // Storage refused (a private window's quota): ask anyway.
  }
}

/** A download of `image` began: offer to thank its creator, unless the visitor asked never to be. */
export function offerThanks(image: ImageSummary): void {
  if (!hiddenForGood()) show(image);
}

/** Closes the panel; `forGood` keeps it away for this visitor. */
export function closeThanks(forGood: boolean): void {
  if (forGood) {
    try {
      localStorage.setItem(HIDDEN_KEY, "1");
    } catch {
      // Not remembered: the panel comes back on the next download.
    }
  }
  show(null);
}

/** The image whose creator the panel offers to thank, or null when it is closed. */
export function useThanks(): ImageSummary | null {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
}
