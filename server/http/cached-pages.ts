import type { Request, RequestHandler } from "express";
import { galleryPageQuery, listFilters } from "#contracts/catalog";
import { localePrefix, PREFIXED_LOCALES } from "#contracts/locales";
import { hasSessionCookie } from "../auth/auth.ts";
import { sendEncoded } from "./encoded-body.ts";
import type { PageCache, RenderedPage } from "./page-cache.ts";

/**
 * Serves the pages everyone sees alike from the page cache: GET or HEAD, no session cookie,
 * one of the pages below. The key is the path with only the query parameters the page reads,
 * in a fixed order, so that `?utm_source=…` or `?a=1&b=2…` neither grow the cache nor miss it;
 * the page is rendered for exactly that URL. Everything else goes on to React Router,
 * rendered per request (a signed-in viewer's pages, forms, data requests).
 *
 * A search page is kept too, and every visitor's search still reaches the search log that
 * popular searches count: its render logs the first, `onSearch` each one served from the cache.
 */

interface CachedRoute {
  path: RegExp;
  /** The query parameters the page reads. */
  params: string[];
  /** Renders kept of a URL with these kept query parameters, one chosen per request. */
  variants: (kept: URLSearchParams) => number;
}

/**
 * Explore tags are drawn at random per render: the home page keeps this many draws. Other
 * pages keep one (a tag's, a search's, an image's behind its overlay): a few draws of each of
 * thousands of URLs would cost a render each, and their share of the memory.
 */
export const EXPLORE_VARIANTS = 4;
const one = () => 1;

/** The list filters every list page reads, and what the gallery reads besides (`tag`, `q`, `asTyped`): their contracts' fields. */
const FILTERS = Object.keys(listFilters.shape);
const GALLERY_PARAMS = Object.keys(galleryPageQuery.shape);

/** A language's prefix, or none for English (decision 044): the key is the path, so each language's page is kept apart. */
const LANG = `(?:${PREFIXED_LOCALES.map(localePrefix).join("|")})?`;
const page = (path: string) => new RegExp(`^${LANG}${path}$`);

const routes: CachedRoute[] = [
  // Home, a tag and a search (routes/gallery.tsx reads galleryPageQuery; a tag wins over `q`); `/de` as `/de/`.
  { path: new RegExp(`^${LANG}/?$`), params: GALLERY_PARAMS, variants: (kept) => (kept.size ? 1 : EXPLORE_VARIANTS) },
  // An image's page (the newest images behind its overlay are drawn in the browser); `.data` is React Router's data request for a navigation.
  { path: page("/images/[^/]+(?<!\\.data)"), params: [], variants: one },
  { path: page("/creator/[^/]+(?<!\\.data)"), params: FILTERS, variants: one },
  { path: page("/(?:privacy-policy|terms-of-service|license)"), params: [], variants: one },
];

/** Longer URLs are rendered per request (a search is at most 200 characters, contracts/catalog.ts). */
const KEY_MAX_LENGTH = 1024;

/**
 * The cache key of a request for a kept page, with how many renders of it to keep and the query
 * parameters the key kept; undefined when it is not one.
 */
export function pageCacheKey(url: string): { key: string; variants: number; params: URLSearchParams } | undefined {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  const route = routes.find((candidate) => candidate.path.test(path));
  if (!route) return undefined;
  const query = new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of route.params) {
    const value = query.get(name);
    if (value && !(name === "q" && query.get("tag"))) kept.set(name, value);
  }
  const key = kept.size ? `${path}?${kept}` : path;
  return key.length <= KEY_MAX_LENGTH ? { key, variants: route.variants(kept), params: kept } : undefined;
}

/**
 * `render(path, req)` renders the page at `path` for anonymous `req`, the first of many it is
 * sent to; `onSearch(params, req)` is told of each search page sent without a render of its own
 * (`params`: the kept query parameters).
 */
export function cachedPages(
  cache: PageCache,
  render: (path: string, req: Request) => Promise<RenderedPage>,
  onSearch: (params: URLSearchParams, req: Request) => void,
): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || hasSessionCookie(req.headers.cookie)) return next();
    const kept = pageCacheKey(req.originalUrl);
    if (!kept) return next();
    let rendered = false;
    const renderHere = () => {
      rendered = true;
      return render(kept.key, req);
    };
    cache.get(kept.key, kept.variants, renderHere).then((page) => {
      if (!rendered && page.status === 200 && kept.params.has("q")) onSearch(kept.params, req);
      res.status(page.status);
      for (const [name, value] of page.headers) res.setHeader(name, value);
      sendEncoded(req, res, page.body, "html");
    }, next);
  };
}
