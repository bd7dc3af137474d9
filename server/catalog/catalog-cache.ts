import type { ImagePage } from "#contracts/catalog";
import type { ChangeFeed } from "../db/change-feed.ts";

/**
 * Catalog lists as everyone sees them (no viewer's likes), kept in this instance until the
 * database announces a change to anything they show (server/db/migrations/0001_catalog_changes.sql):
 * pages on every change, search totals on changes of content only (likes and downloads do not
 * change how many images match). Nothing is kept while the feed is not live, so a list is
 * never older than the last change this instance has heard of: a few milliseconds after its
 * commit, on every instance alike.
 *
 * A value is kept from the moment its load starts, so that a burst of the same request costs
 * one query; a change drops loads in flight too, so that no load that might have read the old
 * rows is kept past it.
 */

/** The NOTIFY channel of catalog changes; the payload is `counts` (likes, downloads) or `content`. */
export const CATALOG_CHANGES = "catalog_changed";

/** Distinct pages kept (first pages of tags and searches, the first pages of the newest); each is 30-100 summaries. */
const PAGES_KEPT = 200;
const TOTALS_KEPT = 1000;

/** The newest `max` values by key, least recently used dropped first. */
class Kept<V> {
  readonly #values = new Map<string, Promise<V>>();
  readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  get(key: string, load: () => Promise<V>, count?: (hit: boolean) => void): Promise<V> {
    const kept = this.#values.get(key);
    count?.(kept !== undefined);
    if (kept) {
      this.#values.delete(key);
      this.#values.set(key, kept);
      return kept;
    }
    const value = load();
    this.#values.set(key, value);
    if (this.#values.size > this.max) this.#values.delete(this.#values.keys().next().value!);
    value.catch(() => {
      if (this.#values.get(key) === value) this.#values.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#values.clear();
  }
}

export interface CatalogCache {
  page(key: string, load: () => Promise<ImagePage>): Promise<ImagePage>;
  /** `key` names the search and what narrows it (orientation, colour). */
  searchTotal(key: string, load: () => Promise<number>): Promise<number>;
}

/** Keeps lists while `changes` is live; without a feed, keeps nothing. `count` is told whether each page asked for was kept. */
export function createCatalogCache(changes: ChangeFeed | undefined, count?: (hit: boolean) => void): CatalogCache {
  const pages = new Kept<ImagePage>(PAGES_KEPT);
  const totals = new Kept<number>(TOTALS_KEPT);
  changes?.subscribe((payload) => {
    pages.clear();
    if (payload !== "counts") totals.clear();
  });
  const live = () => changes?.live === true;
  return {
    page: (key, load) => {
      if (live()) return pages.get(key, load, count);
      count?.(false);
      return load();
    },
    searchTotal: (key, load) => (live() ? totals.get(key, load) : load()),
  };
}
