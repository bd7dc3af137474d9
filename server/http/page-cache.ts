import type { ChangeFeed } from "../db/change-feed.ts";
import { EncodedBody } from "./encoded-body.ts";
import type { Logger } from "../logger.ts";
import { hashBasedCsp, inlineHashes, type InlineHashes } from "./inline-hashes.ts";

/**
 * Rendered pages as an anonymous visitor sees them, kept per URL in this instance until the
 * database announces any change to the catalog (the same NOTIFY that drops kept lists,
 * decision 009). While that feed is not live (PostgreSQL away), nothing new is kept and what
 * was kept is still served, as it was: no change could be announced, and the pages that need
 * the database could not be rendered anyway. Everything is dropped the moment the feed is
 * live again (decision 033). Each kept page holds its
 * body once per encoding (identity, brotli, gzip), its own headers, and the hashes of its
 * inline scripts and styles, so that its Content-Security-Policy never names a nonce that
 * another response had (decision 015).
 *
 * Memory is bounded by bytes and by count, least recently used dropped first; a URL may be
 * kept as a few variants (pages that show random tags), one picked at random per request.
 * Everything is dropped when the UTC day changes too: the legal pages show today's date.
 */

export interface RenderedPage {
  status: number;
  headers: Headers;
  html: string;
}

export interface Page {
  status: number;
  /** As rendered, with a nonce-based Content-Security-Policy turned into a hash-based one. */
  headers: Array<[string, string]>;
  body: EncodedBody;
  hashes: InlineHashes;
}

export interface PageCacheLimits {
  /** Bytes of every kept variant's bodies together. */
  bytes: number;
  /** Kept variants in all. */
  pages: number;
  /** How late like and download counts may show, at most; default COUNTS_LAG_MS. */
  countsLagMs?: number;
}

export interface PageCache {
  /**
   * The page at `key`: a kept one, else rendered (one render for concurrent requests of the
   * same key) and kept when it may be (a 200 that sets no cookie). `variants` is how many
   * renders of this URL to keep and choose from.
   */
  get(key: string, variants: number, render: () => Promise<RenderedPage>): Promise<Page>;
  /** Kept variants, and their bytes (for tests and the benchmark). */
  readonly size: { pages: number; bytes: number };
}

interface Slot {
  pages: Page[];
  rendering: Promise<Page> | undefined;
  /** When the render of the oldest kept page began: its like and download counts are from then or later. */
  since: number;
}

function toPage({ status, headers, html }: RenderedPage): Page {
  const hashes = inlineHashes(html);
  const policy = headers.get("content-security-policy");
  if (policy) headers.set("content-security-policy", hashBasedCsp(policy, hashes));
  return { status, headers: [...headers.entries()], body: new EncodedBody(Buffer.from(html)), hashes };
}

const keepable = (page: RenderedPage) => page.status === 200 && !page.headers.has("set-cookie");
const pick = (pages: Page[]) => pages[Math.floor(Math.random() * pages.length)]!;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a kept page serves like and download counts that changed since its render before
 * it is rendered anew, in the background (decision 015).
 */
export const COUNTS_LAG_MS = 30_000;
const utcDay = () => Math.floor(Date.now() / DAY_MS);

/** `log` hears of renders that failed in the background, after their request had a kept page. */
export function createPageCache(
  changes: ChangeFeed | undefined,
  limits: PageCacheLimits,
  log?: Pick<Logger, "error">,
  /** Told whether each page asked for was served from what is kept. */
  count?: (hit: boolean) => void,
): PageCache {
  /** In least recently used order, first to go first. */
  const slots = new Map<string, Slot>();
  let pages = 0;
  /** Bytes of the kept bodies now: each grows by an encoding the first time a request asks for it. */
  const heldBytes = () => {
    let bytes = 0;
    for (const slot of slots.values()) for (const page of slot.pages) bytes += page.body.bytes;
    return bytes;
  };
  /** Counts drops: a render that began before one may have read what changed, and is not kept. */
  let generation = 0;
  let day = utcDay();

  /** When the database last announced new like or download counts. */
  let countsChangedAt = 0;
  const clear = () => {
    slots.clear();
    pages = 0;
    generation++;
  };
  changes?.subscribe((payload) => {
    // New likes and downloads do not drop pages: a storm of likes would have every visitor's
    // page rendered anew. A page they made out of date is served for COUNTS_LAG_MS more, then
    // rendered again in the background on its next request. Anything else drops every page at once.
    if (payload === "counts") countsChangedAt = Date.now();
    // The feed lost: what is kept stays, frozen (renders under way are not kept); changes
    // made before it is live again may have gone unheard, so it is all dropped then.
    else if (payload === null && !changes.live) generation++;
    else clear();
  });

  const evict = () => {
    let bytes = heldBytes();
    for (const [key, slot] of slots) {
      if (bytes <= limits.bytes && pages <= limits.pages) return;
      slots.delete(key);
      pages -= slot.pages.length;
      for (const page of slot.pages) bytes -= page.body.bytes;
    }
  };

  const keep = (key: string, slot: Slot, page: Page, started: number, refresh: boolean) => {
    if (slots.get(key) !== slot) return;
    if (refresh) {
      // The pages it replaces showed counts from before `started`.
      pages -= slot.pages.length;
      slot.pages = [];
      slot.since = started;
    }
    slot.pages.push(page);
    pages++;
    evict();
  };

  /** Renders the page at `key` into `slot`, once at a time: kept when it may be and no change overtook it. */
  const renderInto = (key: string, slot: Slot, render: () => Promise<RenderedPage>, refresh: boolean): Promise<Page> => {
    const started = Date.now();
    const startedIn = generation;
    const rendering = render().then((rendered) => {
      const page = toPage(rendered);
      if (generation === startedIn && keepable(rendered)) keep(key, slot, page, started, refresh);
      return page;
    });
    slot.rendering = rendering;
    const done = () => {
      if (slot.rendering === rendering) slot.rendering = undefined;
      if (!slot.pages.length && slots.get(key) === slot) slots.delete(key);
    };
    rendering.then(done, done);
    return rendering;
  };

  return {
    get(key, variants, render) {
      if (day !== utcDay()) {
        day = utcDay();
        clear();
      }
      if (changes?.live !== true) {
        const kept = slots.get(key)?.pages;
        count?.(kept !== undefined && kept.length > 0);
        return kept?.length ? Promise.resolve(pick(kept)) : render().then(toPage);
      }
      const slot = slots.get(key) ?? { pages: [], rendering: undefined, since: Date.now() };
      slots.delete(key); // and set again: the most recently used goes last
      slots.set(key, slot);
      count?.(slot.pages.length > 0);
      if (!slot.pages.length) return slot.rendering ?? renderInto(key, slot, render, false);
      // Something is kept: it is served, and what it lacks is rendered meanwhile, one at a time.
      const outOfDate = countsChangedAt > slot.since && Date.now() - slot.since >= (limits.countsLagMs ?? COUNTS_LAG_MS);
      if (!slot.rendering && (outOfDate || slot.pages.length < variants)) {
        // A failed render keeps what was kept, and is tried again by the next request.
        renderInto(key, slot, render, outOfDate).catch((error: unknown) => log?.error(`Could not render ${key} again`, error));
      }
      return Promise.resolve(pick(slot.pages));
    },
    get size() {
      return { pages, bytes: heldBytes() };
    },
  };
}
