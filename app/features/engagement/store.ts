import { useSyncExternalStore } from "react";
import type { ImageSummary } from "#contracts/catalog";

/** What the visitor changed about an image since its data arrived: their like and the counts. */
export interface Engagement {
  liked: boolean;
  likes: number;
  downloads: number;
}

const changes = new Map<number, Partial<Engagement>>();
const listeners = new Set<() => void>();
const pending = new Set<Promise<unknown>>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records a change for every card and overlay showing the image (browser only). */
export function setEngagement(id: number, change: Partial<Engagement>): void {
  changes.set(id, { ...changes.get(id), ...change });
  for (const listener of listeners) listener();
}

/** The image's like state and counts, with the visitor's changes on top of the loaded data. */
export function useEngagement(image: ImageSummary): Engagement {
  const change = useSyncExternalStore(
    subscribe,
    () => changes.get(image.id),
    () => undefined,
  );
  return { liked: image.liked, likes: image.likes, downloads: image.downloads, ...change };
}

/** Follows a request that changes an image's engagement (a like, an unlike) until it is answered. */
export function tracked<T>(request: Promise<T>): Promise<T> {
  pending.add(request);
  const settled = () => void pending.delete(request);
  request.then(settled, settled);
  return request;
}

/**
 * Resolves once every engagement request sent so far has been answered, so that data read
 * afterwards (a loader revalidating) already counts them.
 */
export async function engagementSettled(): Promise<void> {
  await Promise.allSettled(pending);
}
