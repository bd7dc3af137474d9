import { useCallback, useEffect, useRef, useState } from "react";
import type { ImagePage, ImageSummary } from "#contracts/catalog";
import { api } from "~/lib/api";

export interface PagedImages {
  images: ImageSummary[];
  loading: boolean;
  error: string | null;
  /** Fetches the next page; undefined when there is none (or the last try failed). */
  loadMore: (() => void) | undefined;
  /** Its last page is there: nothing more will come (the footer may follow it). */
  ended: boolean;
  retry: () => void;
}

interface State {
  first: ImagePage;
  images: ImageSummary[];
  cursor: string | null;
  loading: boolean;
  error: string | null;
}

const start = (first: ImagePage): State => ({ first, images: first.items, cursor: first.nextCursor, loading: false, error: null });

/**
 * A list that starts with a server-rendered page and grows a page at a time from the JSON API.
 * `pageUrl(cursor)` names the next page; a new first page starts the list over.
 */
export function usePagedImages(first: ImagePage, pageUrl: (cursor: string) => string): PagedImages {
  const [state, setState] = useState(() => start(first));
  const urlRef = useRef(pageUrl);
  useEffect(() => {
    urlRef.current = pageUrl;
  });

  const current = state.first === first ? state : start(first);
  if (current !== state) setState(current);

  const { cursor, loading } = current;
  const load = useCallback(() => {
    if (!cursor || loading) return;
    const update = (change: (s: State) => Partial<State>) =>
      setState((s) => (s.first === first && s.cursor === cursor ? { ...s, ...change(s) } : s));
    update(() => ({ loading: true, error: null }));
    api<ImagePage>(urlRef.current(cursor)).then(
      (page) =>
        update((s) => {
          const seen = new Set(s.images.map((image) => image.id));
          return { images: [...s.images, ...page.items.filter((image) => !seen.has(image.id))], cursor: page.nextCursor, loading: false };
        }),
      (error: Error) => update(() => ({ error: error.message, loading: false })),
    );
  }, [first, cursor, loading]);

  const retry = useCallback(() => setState((s) => ({ ...s, error: null })), []);
  return { images: current.images, loading, error: current.error, loadMore: cursor && !current.error ? load : undefined, ended: cursor === null, retry };
}
