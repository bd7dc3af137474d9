import { useSyncExternalStore } from "react";
import type { ImageSummary } from "#contracts/catalog";

/** What the visitor changed about an image since its data arrived: their like and the counts. */
export interface Engagement {
  liked: boolean;
  likes: number;
  downloads: number;
}

const changes = new Map<number, Partial<Engagement>>();
/** Grows with every change, so that a list can tell when to look at its images again. */
let version = 0;
const listeners = new Set<() => void>();
/** Per image, the last change sent (a like, an unlike) until it is answered: the next one waits for it. */
const lastSent = new Map<number, Promise<unknown>>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records a change for every card and overlay showing the image (browser only). */
export function setEngagement(id: number, change: Partial<Engagement>): void {
  changes.set(id, { ...changes.get(id), ...change });
  version++;
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

/** Those of `images` the visitor likes now, with their changes since the data arrived (re-rendered on every change). */
export function useStillLiked(images: ImageSummary[]): ImageSummary[] {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return images.filter((image) => changes.get(image.id)?.liked ?? image.liked);
}

/**
 * Sends a change of the image's engagement once its previous one is answered, so that the
 * server sees them in the visitor's order. Resolves null when a later change was sent
 * meanwhile: its answer decides.
 */
export function sendInTurn<T>(id: number, send: () => Promise<T>): Promise<T | null> {
  const request = (lastSent.get(id) ?? Promise.resolve()).then(send, send);
  lastSent.set(id, request);
  const superseded = () => {
    if (lastSent.get(id) !== request) return true;
    lastSent.delete(id);
    return false;
  };
  return request.then(
    (answer) => (superseded() ? null : answer),
    (error: unknown) => {
      if (superseded()) return null;
      throw error;
    },
  );
}

/**
 * Resolves once every engagement request sent so far has been answered, so that data read
 * afterwards (a loader revalidating) already counts them.
 */
export async function engagementSettled(): Promise<void> {
  await Promise.allSettled(lastSent.values());
}
