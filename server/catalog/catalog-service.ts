import { createHmac } from "node:crypto";
import type { AdminImage, AdminImagesQuery } from "#contracts/admin";
import { imagePath, type CreatorPage, type CreatorTotals, type HowItWasMade, type ImageCounts, type ImageDetail, type ImagePage, type ImageSource, type ImageSummary, type ListFilters, type ListPosition, encodeListCursor } from "#contracts/catalog";
import { DID_YOU_MEAN_MAX, EXPLORE_TAGS, POPULAR_SEARCHES_MAX, RELATED_MAX, SUGGESTIONS_MAX, SUGGESTIONS_MIN_CHARS } from "#contracts/catalog-constants";
import { downloadSizes } from "#contracts/engagement";
import type { ImageVariant } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { CatalogCache } from "./catalog-cache.ts";
import { relatedSearches } from "../search/related-searches.ts";
import type { ReadSearch, SearchService } from "../search/search-service.ts";
import { type CatalogRepository, type DetailRow, type ImageFilter, type LoggedSearch, type SummaryRow, type AnyStatusRow } from "./catalog-repository.ts";

/**
 * The gallery's read side: lists (newest first, by tag, by text search, by creator) with
 * cursor pagination, an image's detail with related images, tags, suggestions, creators.
 */

/** A list query as parsed by `imageListQuery` (or built by a loader). */
export interface ListQuery extends ListFilters {
  limit: number;
  cursor?: ListPosition | undefined;
  tag?: string | undefined;
  q?: string | undefined;
  /** Search `q` as typed, without correcting a word that matches nothing. */
  asTyped?: boolean | undefined;
}

/** The orientation and colour of a query, always in the same order: part of the lists' cache keys. */
function filtersOf(query: ListFilters): ListFilters {
  return { orientation: query.orientation, color: query.color };
}

interface SitemapEntry {
  path: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** The JPEG width `src` aims at: sharp on a phone, light enough for a card and Open Graph. */
const SRC_WIDTH = 800;
const sourceTypes = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" } as const;
const SITEMAP_BATCH = 1000;
/** Searches are written to the search-query log in one insert per this long, not one per search. */
const SEARCH_LOG_FLUSH_MS = 250;
const SEARCH_LOG_BATCH_MAX = 500;
/** Popular searches: of the last week, made by at least this many people, recounted at most this often (and after each write to the log). */
const POPULAR_DAYS = 7;
const POPULAR_MIN_VISITORS = 3;
const POPULAR_KEPT_MS = 60_000;
/** Popular images: downloads and likes of this many days. */
const POPULAR_DAYS_IMAGES = 30;

/** One visitor's views of one image count once per this long. */
export const VIEW_WINDOW_SECONDS = 60 * 60;

/** What the source said of how the image was made; null when it said nothing. */
function howMade(row: DetailRow): HowItWasMade | null {
  const made: HowItWasMade = {
    model: row.aiModel,
    prompt: row.aiPrompt,
    negativePrompt: row.aiNegativePrompt,
    seed: row.aiSeed,
    settings: row.aiSettings,
    generatedAt: row.generatedAt,
  };
  return Object.values(made).some((value) => value !== null) ? made : null;
}

const MB = 1024 * 1024;

/** The overlay's file size: MB with one decimal, '< 0.1MB' below 0.05 MB (product decisions). */
export function fileSizeLabel(bytes: number): string {
  return bytes < 0.05 * MB ? "< 0.1MB" : `${(bytes / MB).toFixed(1)}MB`;
}

/** Search text as matched: lower-case, single spaces. */
function normalise(q: string): string {
  return q.toLowerCase().replace(/\s+/g, " ").trim();
}

export function createCatalogService(deps: {
  catalog: CatalogRepository;
  log: Logger;
  publicUrl: (key: string) => string;
  /** Lists as everyone sees them, kept between changes (catalog-cache.ts). */
  cache: CatalogCache;
  /** Keys the daily visitor hash of the search log. */
  secret: string;
  /** Reads a search's text into what it matches (server/search/). */
  search: SearchService;
  /** Who signs the downloads' Content Credentials, as readers name the signer (the signing certificate's organisation). */
  contentSigner: () => Promise<string>;
}) {
  const { catalog: repository, log, publicUrl, cache, search } = deps;

  /** Names a visitor (address and browser) for today only: the key cannot be reversed, and tomorrow's differs. */
  const visitorKey = (visitor: string) =>
    createHmac("sha256", deps.secret).update(`search-visitor:${new Date().toISOString().slice(0, 10)}:${visitor}`).digest("base64url");

  let popular: { at: number; searches: Promise<string[]> } | undefined;
  let searches: LoggedSearch[] = [];
  let searchLogTimer: NodeJS.Timeout | undefined;
  async function flushSearchLog(): Promise<void> {
    clearTimeout(searchLogTimer);
    searchLogTimer = undefined;
    const batch = searches;
    searches = [];
    await repository.logSearches(batch).catch((error: unknown) => log.error(`Could not log ${batch.length} search queries`, error));
    popular = undefined;
  }
  function logSearch(query: string, results: number, visitor: string | undefined): void {
    searches.push({ query, results, createdAt: new Date(), visitor: visitor ? visitorKey(visitor) : null });
    if (searches.length >= SEARCH_LOG_BATCH_MAX) void flushSearchLog();
    else searchLogTimer ??= setTimeout(() => void flushSearchLog(), SEARCH_LOG_FLUSH_MS);
  }

  function sources(variants: ImageVariant[]): ImageSource[] {
    return (["avif", "webp", "jpeg"] as const).flatMap((format) => {
      const widths = variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
      return widths.length ? [{ type: sourceTypes[format], srcset: widths.map((v) => `${publicUrl(v.key)} ${v.width}w`).join(", ") }] : [];
    });
  }

  /** The stored JPEG nearest SRC_WIDTH (preferring wider), else any variant. */
  function src(variants: ImageVariant[]): string {
    const jpegs = variants.filter((v) => v.format === "jpeg");
    const pool = jpegs.length ? jpegs : variants;
    const distance = (v: ImageVariant) => Math.abs(v.width - SRC_WIDTH) + (v.width < SRC_WIDTH ? 1 : 0);
    const best = pool.reduce<ImageVariant | undefined>((a, v) => (!a || distance(v) < distance(a) ? v : a), undefined);
    return best ? publicUrl(best.key) : "";
  }

  function summary(row: SummaryRow): ImageSummary {
    return {
      id: row.id,
      path: imagePath(row.id, row.slug),
      title: row.title,
      width: row.width,
      height: row.height,
      color: row.color,
      placeholder: row.placeholder,
      sources: sources(row.variants),
      src: src(row.variants),
      creator: { name: row.creatorName, avatarUrl: row.avatarKey ? publicUrl(row.avatarKey) : null },
      tags: row.tags,
      likes: row.likes,
      downloads: row.downloads,
      liked: false,
    };
  }

  const adminImage = (row: AnyStatusRow): AdminImage => ({ ...summary(row), status: row.status, review: row.review });

  /** These summaries as `viewerId` sees them, with `liked` filled in: copies, the given ones may be kept and shared. */
  async function seenBy(items: ImageSummary[], viewerId: string | undefined): Promise<ImageSummary[]> {
    if (!viewerId || !items.length) return items;
    const liked = new Set(await repository.likedAmong(viewerId, items.map((item) => item.id)));
    return items.map((item) => (liked.has(item.id) ? { ...item, liked: true } : item));
  }

  /** A search (`q` normalised) as everyone sees it: the text, whether it is searched as typed, the filters. */
  type SearchKey = ListFilters & { q: string; asTyped: boolean };

  /** How many images a search finds, up to SEARCH_TOTAL_MAX + 1, kept with the lists. */
  function searchTotal(key: SearchKey, read: () => Promise<ReadSearch>): Promise<number> {
    return cache.searchTotal(JSON.stringify([key.q, key.asTyped, key.orientation, key.color]), async () => repository.searchCount((await read()).plan, key));
  }

  /** Summaries of the rows of a page one longer than `limit`, with the cursor of the next. */
  function pageOf(rows: SummaryRow[], limit: number): Pick<ImagePage, "items" | "nextCursor"> {
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return { items: rows.slice(0, limit).map(summary), nextCursor: last ? encodeListCursor(last) : null };
  }

  /** A page of a list as everyone sees it, from the cache when it is kept there. */
  function sharedPage(filter: Exclude<ImageFilter, { kind: "search" }>, query: Pick<ListQuery, "cursor" | "limit">): Promise<ImagePage> {
    return cache.page(JSON.stringify([filter, query.cursor ?? null, query.limit]), async () => {
      const rows = await repository.page(filter, query.cursor, query.limit + 1);
      const found: ImagePage = { ...pageOf(rows, query.limit), total: null };
      if (filter.kind === "tag" && !query.cursor && rows.length) found.relatedSearches = relatedSearches(found.items, [filter.tag]);
      return found;
    });
  }

  /**
   * A page of a search as everyone sees it, from the cache when it is kept there. The first page
   * (no cursor) has the total, and when it finds nothing the tags closest to the text.
   */
  function sharedSearchPage(key: SearchKey, query: Pick<ListQuery, "cursor" | "limit">): Promise<ImagePage> {
    return cache.page(JSON.stringify(["search", key, query.cursor ?? null, query.limit]), async () => {
      const from = query.cursor;
      const read = await search.read(key.q, key.asTyped);
      const [rows, total] = await Promise.all([
        repository.page({ kind: "search", plan: read.plan, ...filtersOf(key) }, from, query.limit + 1),
        from ? null : searchTotal(key, async () => read),
      ]);
      const found: ImagePage = { ...pageOf(rows, query.limit), total };
      if (read.correctedQuery !== null && rows.length) found.correctedQuery = read.correctedQuery;
      if (!from && rows.length) found.relatedSearches = relatedSearches(found.items, [key.q, read.correctedQuery]);
      if (total === 0) found.didYouMean = await repository.closestTags(key.q, DID_YOU_MEAN_MAX);
      return found;
    });
  }

  /** The creator named `name` (exactly), with their totals; not found when no published image is theirs. */
  async function publishingCreator(name: string) {
    const creator = await repository.creator(name);
    if (!creator || creator.uploads === 0) throw notFound("Creator");
    return creator;
  }

  async function seenPage(shared: ImagePage, viewerId: string | undefined): Promise<ImagePage> {
    return viewerId ? { ...shared, items: await seenBy(shared.items, viewerId) } : shared;
  }

  return {
    /**
     * Published images, newest first; `tag` (exact, any case) wins over `q` (contains, ranked);
     * either narrowed by orientation and colour. A search is logged with `visitor` (address and
     * browser, hashed for the day) so that popular searches count people, not requests.
     */
    async list(query: ListQuery, viewerId?: string, visitor?: string): Promise<ImagePage> {
      const q = query.q && normalise(query.q);
      if (q && !query.tag) {
        const result = await seenPage(await sharedSearchPage({ q, asTyped: query.asTyped ?? false, ...filtersOf(query) }, query), viewerId);
        if (result.total !== null) logSearch(query.q!.trim(), result.total, visitor);
        return result;
      }
      const filter: ImageFilter = { ...(query.tag ? { kind: "tag", tag: query.tag } : { kind: "all" }), ...filtersOf(query) };
      return seenPage(await sharedPage(filter, query), viewerId);
    },

    /**
     * Logs a search whose page was sent without asking for its list again (a kept page,
     * server/http/page-cache.ts), as `list` logs each one it answers. A tag wins over `q`, as in `list`.
     */
    async recordSearch(query: Pick<ListQuery, "q" | "tag" | "orientation" | "color" | "asTyped">, visitor: string): Promise<void> {
      const q = query.q && normalise(query.q);
      if (!q || query.tag) return;
      const asTyped = query.asTyped ?? false;
      logSearch(query.q!.trim(), await searchTotal({ q, asTyped, ...filtersOf(query) }, () => search.read(q, asTyped)), visitor);
    },

    /** One published image with its details and related images; NOT_FOUND otherwise. */
    async get(id: number, viewerId?: string): Promise<ImageDetail> {
      const row = await repository.image(id);
      if (!row) throw notFound("Image");
      const [image, ...related] = await seenBy([row, ...(await repository.related(row, RELATED_MAX))].map(summary), viewerId);
      return {
        ...image!,
        description: row.description,
        category: row.category,
        resolution: `${row.width} × ${row.height}`,
        fileSize: fileSizeLabel(row.bytes),
        fileBytes: row.bytes,
        views: row.views,
        createdAt: row.createdAt,
        related,
        downloadSizes: downloadSizes(row.width, row.height),
        howMade: howMade(row),
        credentials: { signer: await deps.contentSigner(), aiTool: row.aiModel?.trim() || null, signedAt: row.signedAt },
      };
    },

    /** Published images by id, in the order given (those not published are left out). */
    async summaries(ids: number[], viewerId?: string): Promise<ImageSummary[]> {
      const byId = new Map((await repository.byIds(ids)).map((row) => [row.id, row]));
      const found = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [summary(row)] : [];
      });
      return seenBy(found, viewerId);
    },

    /**
     * Counts a view of a published image (its detail was opened), once per visitor per image per
     * VIEW_WINDOW_SECONDS: `visitor` names the account when signed in, else the client's network
     * (never the User-Agent, which anyone may change). Stored only as a keyed hash.
     */
    async recordView(id: number, visitor: string): Promise<ImageCounts> {
      const seen = createHmac("sha256", deps.secret).update(`image-view:${id}:${visitor}`).digest("base64url");
      const counts = await repository.addView(id, `view:${seen}`, VIEW_WINDOW_SECONDS);
      if (!counts) throw notFound("Image");
      return { imageId: id, ...counts };
    },

    /** Searches of the last week that found images, made by several people, most made first (at most POPULAR_SEARCHES_MAX). */
    popularSearches(): Promise<string[]> {
      if (!popular || Date.now() - popular.at > POPULAR_KEPT_MS) {
        const searches = repository.popularSearches(POPULAR_DAYS, POPULAR_MIN_VISITORS, POPULAR_SEARCHES_MAX);
        popular = { at: Date.now(), searches };
        searches.catch(() => {
          if (popular?.searches === searches) popular = undefined;
        });
      }
      return popular.searches;
    },

    /** The images most downloaded and liked over the last month (at most RELATED_MAX), as `viewerId` sees them: a search that found nothing offers them. */
    async popularImages(viewerId?: string): Promise<ImageSummary[]> {
      return seenBy((await repository.popularImages(POPULAR_DAYS_IMAGES, RELATED_MAX)).map(summary), viewerId);
    },

    /** EXPLORE_TAGS random tags that lead somewhere. */
    randomTags(): Promise<string[]> {
      return repository.randomTags(EXPLORE_TAGS);
    },

    /** Tags that `q` (trimmed, at least SUGGESTIONS_MIN_CHARS) matches as a search matches words, at most SUGGESTIONS_MAX. */
    async suggest(q: string): Promise<string[]> {
      const text = normalise(q);
      if (text.length < SUGGESTIONS_MIN_CHARS) return [];
      const { plan } = await search.read(text, true);
      return plan.terms.length ? repository.tagsMatching(plan, text, SUGGESTIONS_MAX) : [];
    },

    /** A creator with totals over their published images and a page of those images. */
    async creator(name: string, query: Pick<ListQuery, "cursor" | "limit" | "orientation" | "color">, viewerId?: string): Promise<CreatorPage> {
      const creator = await publishingCreator(name);
      return {
        name: creator.name,
        avatarUrl: creator.avatarKey ? publicUrl(creator.avatarKey) : null,
        uploads: creator.uploads,
        downloads: creator.downloads,
        likes: creator.likes,
        images: await seenPage(await sharedPage({ kind: "creator", creatorId: creator.id, ...filtersOf(query) }, query), viewerId),
      };
    },

    /** A creator's totals as they are now, read from the totals the database keeps (nothing kept here). */
    async creatorTotals(name: string): Promise<CreatorTotals> {
      const { name: found, uploads, downloads, likes } = await publishingCreator(name);
      return { name: found, uploads, downloads, likes };
    },

    /**
     * For admins (server/admin/moderation-service.ts checks the role): one page of images of
     * any status matching `query`, newest added first; `older` is the next page's `before`.
     */
    async anyStatus(query: AdminImagesQuery, limit: number): Promise<{ items: AdminImage[]; older: number | null }> {
      const q = normalise(query.q);
      const plan = q ? (await search.read(q, true)).plan : null;
      if (plan?.findsNothing) return { items: [], older: null };
      const rows = await repository.anyStatus({ plan, status: query.status }, query.before, limit);
      return { items: rows.map(adminImage), older: rows.length === limit ? rows.at(-1)!.id : null };
    },

    /** For admins: these images, whatever their status, by id. */
    async anyStatusByIds(ids: number[]): Promise<Map<number, AdminImage>> {
      const rows = ids.length ? await repository.anyStatusByIds(ids) : [];
      return new Map(rows.map((row) => [row.id, adminImage(row)]));
    },

    /** Writes the search queries still waiting to the log; before the database closes. */
    close: flushSearchLog,

    /** Every published image's path and last change, for sitemap.xml. */
    async *sitemap(): AsyncGenerator<SitemapEntry> {
      for (let afterId = 0; ; ) {
        const rows = await repository.sitemap(afterId, SITEMAP_BATCH);
        for (const row of rows) yield { path: imagePath(row.id, row.slug), updatedAt: row.updatedAt };
        if (rows.length < SITEMAP_BATCH) return;
        afterId = rows.at(-1)!.id;
      }
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
