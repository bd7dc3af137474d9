import { startTransition, useCallback, useEffect, useState } from "react";
import { data, isRouteErrorResponse, Link, Outlet, useLocation, useNavigate, useNavigation, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { galleryPageQuery, type ImageSummary, type ListFilters } from "#contracts/catalog";
import { PAGE_SIZE_DEFAULT, SEARCH_TOTAL_MAX } from "#contracts/catalog-constants";
import type { Locale } from "#contracts/locales";
import { PageMain } from "~/components/page-main";
import { ExploreTags } from "~/features/gallery/explore-tags";
import { GalleryLoadError } from "~/features/gallery/gallery-error";
import { ImageGrid, LoadingIndicator } from "~/features/gallery/image-grid";
import { ListFiltersBar } from "~/features/gallery/list-filters";
import { SearchLinks } from "~/features/gallery/search-links";
import { usePagedImages } from "~/features/gallery/use-paged-images";
import { ErrorPage } from "~/features/layout/error-page";
import { Footer } from "~/features/layout/footer";
import { pageMessages, requestLocale } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import { queryString } from "~/lib/api";
import { FirstPaintBoundary } from "~/lib/first-paint";
import { filterParams, isHomePath, isImagePath, listKey, unknownFilters } from "~/lib/list-key";
import type { Route } from "./+types/gallery";

/**
 * A search's total as the heading says it: counting stops past SEARCH_TOTAL_MAX ("Found 1,000+
 * images"). Used by the loader only, so the browser's bundle does not take the contracts' Zod.
 */
function foundCount(total: number | null, locale: Locale): string | null {
  return total === null ? null : total > SEARCH_TOTAL_MAX ? `${SEARCH_TOTAL_MAX.toLocaleString(locale)}+` : String(total);
}

/** "Skip to images" is the page's first tab stop; the footer comes once the list's last page is there (root.tsx). */
export const handle = { skipToImages: true, footer: false };

/** What the detail overlay (routes/image.tsx) sees of the grid behind it. */
export interface GalleryOutletContext {
  images: ImageSummary[];
  loadMore: (() => void) | undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // An image's own page shows the newest images behind its detail.
  const params = isImagePath(url.pathname)
    ? {}
    : {
        tag: url.searchParams.get("tag") ?? undefined,
        q: url.searchParams.get("q") ?? undefined,
        asTyped: url.searchParams.get("asTyped") ?? undefined,
        ...filterParams(url.searchParams),
      };
  const parsed = galleryPageQuery.safeParse(params);
  if (!parsed.success) throw data(parsed.error.issues[0]!.message, { status: 400 });
  const query = { limit: PAGE_SIZE_DEFAULT, ...parsed.data };
  const viewer = await context.viewer();
  const { catalog } = context.services;
  // The home page offers random tags to explore; a search or a tag's list, searches drawn from its results.
  const listed = query.tag !== undefined || query.q !== undefined;
  const [page, tags] = await Promise.all([catalog.list(query, viewer?.id, context.visitor), listed ? [] : catalog.randomTags()]);
  // No dead end: a search that found nothing offers the week's popular searches and the month's popular images.
  const [popularSearches, popularImages] =
    query.q !== undefined && !query.tag && page.total === 0 ? await Promise.all([catalog.popularSearches(), catalog.popularImages(viewer?.id)]) : [[], []];
  const tag = query.tag ?? null;
  const filters = { orientation: query.orientation, color: query.color };
  const asTyped = query.asTyped ? "1" : undefined;
  // On a first start the demo catalog is generated while the gallery serves.
  const seeding = context.services.demo.seeding;
  const unknown = isImagePath(url.pathname) ? [] : unknownFilters(url.searchParams);
  return {
    page,
    tags,
    popularSearches,
    popularImages,
    tag,
    q: tag ? null : (query.q ?? null),
    asTyped,
    found: foundCount(page.total, requestLocale(request)),
    filters,
    unknown,
    key: listKey(url),
    seeding,
    ...pageMessages(request, "gallery"),
  };
}

/** How often a list that is not a full page yet is asked again while the demo catalog is being generated. */
const SEEDING_REFRESH_MS = 3000;

/**
 * Asks the server again every few seconds while it is generating the demo catalog and the
 * list is shorter than a page: the images appear as they are ready, without a reload. Past a
 * page, the next images come with the next page (they are older, so listed after).
 */
function useFilledWhileSeeding(seeding: boolean, fullPage: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!seeding || fullPage) return;
    const timer = setInterval(() => void revalidate(), SEEDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [seeding, fullPage, revalidate]);
}

/**
 * A list that could not be loaded (the request failed, or the server could not answer) says so
 * and loads it again in place; a URL the server refused is the site's error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      {isRouteErrorResponse(error) && error.status < 500 ? <ErrorPage error={error} /> : <GalleryLoadError />}
      <Footer />
    </>
  );
}

/** The list the grid shows, so that opening and closing an image does not reload it. */
let shownList: string | undefined;

export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (isImagePath(nextUrl.pathname)) return false;
  if (isImagePath(currentUrl.pathname)) return listKey(nextUrl) !== shownList;
  return defaultShouldRevalidate;
}

export function meta({ data, location }: Route.MetaArgs) {
  const t = metaT(location.pathname, data);
  const title = data?.tag ? t("gallery.metaTagTitle", { tag: data.tag }) : data?.q ? t("gallery.metaSearchTitle", { query: data.q }) : t("gallery.metaTitle");
  return [{ title }, { name: "description", content: t("gallery.metaDescription") }];
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { page, tags, popularSearches, popularImages, tag, q, asTyped, found, filters, unknown, key, seeding } = loaderData;
  const { orientation, color } = filters;
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const t = useT();
  const home = useLocalizedPath()("/");
  const pageUrl = useCallback(
    (cursor: string) => `/api/images${queryString({ cursor, tag, q, asTyped, orientation, color })}`,
    [tag, q, asTyped, orientation, color],
  );
  const filtersHref = useCallback((narrowed: ListFilters) => `${home}${queryString({ tag, q, ...narrowed })}`, [home, tag, q]);
  const searchHref = useCallback((search: string) => `${home}${queryString({ q: search, orientation, color })}`, [home, orientation, color]);
  const list = usePagedImages(page, pageUrl);
  useFilledWhileSeeding(seeding, page.nextCursor !== null);
  const reloading = navigation.state === "loading" && isHomePath(navigation.location.pathname) && listKey(new URL(navigation.location.search, "http://x")) !== key;
  // An image's own page is sent with its overlay alone: the grid behind it is drawn once in the
  // browser, as a transition (React renders the 30 cards in slices between which the phone stays
  // responsive). Its 30 cards were a quarter of the page's server time, and every image has a page.
  const imagePage = isImagePath(location.pathname);
  const [gridDrawn, setGridDrawn] = useState(!imagePage);
  useEffect(() => {
    if (!gridDrawn) startTransition(() => setGridDrawn(true));
  }, [gridDrawn]);
  // Opened as its own page, the overlay is all there is to see: the grid is kept out of layout
  // (on a slow phone its layout was the load's longest task) until the overlay first closes.
  const [openedAsPage, setOpenedAsPage] = useState(imagePage);
  if (openedAsPage && !imagePage) setOpenedAsPage(false);
  const gridBehindOnly = openedAsPage && imagePage;

  useEffect(() => {
    shownList = key;
  }, [key]);

  // A tag handed over in the navigation state works like ?tag=.
  const stateTag = (location.state as { tag?: unknown } | null)?.tag;
  useEffect(() => {
    if (typeof stateTag === "string" && stateTag.trim() && !tag && isHomePath(location.pathname)) {
      void navigate(`${home}${queryString({ tag: stateTag.trim() })}`, { replace: true });
    }
  }, [stateTag, tag, location.pathname, navigate, home]);

  const total = found ?? String(list.images.length);
  const query = page.correctedQuery ?? q;
  return (
    <>
      <PageMain className="page pb-20">
        <div className="flex flex-col gap-5 pb-6 pt-6 sm:pt-8">
          {tag ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("gallery.tagTitle", { tag })}</h1>
              <button type="button" className="button-secondary" onClick={() => void navigate(home)}>
                {t("gallery.clearFilter")}
              </button>
            </div>
          ) : q ? (
            <div>
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
                {total !== "0" ? t("gallery.found", { count: page.total ?? list.images.length, total, query }) : t("gallery.noneFound", { query: q })}
              </h1>
              {page.correctedQuery ? (
                <p className="mt-2 text-neutral-600 dark:text-neutral-400">
                  {t("gallery.showingFor", { query: page.correctedQuery })}{" "}
                  <Link
                    to={`${home}${queryString({ q, asTyped: "1", orientation, color })}`}
                    className="font-medium text-neutral-950 underline underline-offset-4 dark:text-white"
                  >
                    {t("gallery.searchInstead", { query: q })}
                  </Link>
                </p>
              ) : null}
              {page.didYouMean?.length ? (
                <p className="mt-2 text-neutral-600 dark:text-neutral-400">
                  {t("gallery.didYouMean")}{" "}
                  {page.didYouMean.map((suggestion, i) => (
                    <span key={suggestion}>
                      {i > 0 && t(i === page.didYouMean!.length - 1 ? "gallery.listOr" : "gallery.listComma")}
                      <Link to={searchHref(suggestion)} className="font-medium text-neutral-950 underline underline-offset-4 dark:text-white">
                        {suggestion}
                      </Link>
                    </span>
                  ))}
                  {t("gallery.didYouMeanEnd")}
                </p>
              ) : null}
            </div>
          ) : (
            <div>
              <h1 className="text-2xl font-semibold tracking-tight sm:text-4xl">{t("gallery.heroTitle")}</h1>
              <p className="mt-2 max-w-2xl text-neutral-600 sm:text-lg dark:text-neutral-400">
                {t("gallery.heroText")}
              </p>
            </div>
          )}
          {tag || q ? (
            <SearchLinks id="related-searches" title={t("gallery.related")} searches={page.relatedSearches ?? []} hrefFor={searchHref} />
          ) : (
            <ExploreTags initial={tags} />
          )}
          <ListFiltersBar filters={filters} hrefFor={filtersHref} unknown={unknown} />
        </div>

        <FirstPaintBoundary id="results">
          {reloading ? (
            <LoadingIndicator />
          ) : list.images.length > 0 ? (
            gridDrawn && (
              <div className={gridBehindOnly ? "[content-visibility:hidden]" : undefined}>
                <ImageGrid images={list.images} label={t("gallery.images")} loading={list.loading} onLoadMore={list.loadMore} eager={!imagePage} outOfSight={gridBehindOnly} />
              </div>
            )
          ) : orientation || color ? (
            <EmptyState title={t("gallery.noFilterMatch")} hint={t("gallery.noFilterMatchHint")} />
          ) : tag ? (
            <EmptyState title={t("gallery.noTagged", { tag })} />
          ) : q ? (
            <div className="flex flex-col gap-8">
              <EmptyState title={t("gallery.tryAnother")} />
              <SearchLinks id="popular-searches" title={t("gallery.popularSearches")} searches={popularSearches} hrefFor={searchHref} />
              {popularImages.length > 0 && (
                <section aria-labelledby="popular-images" className="flex flex-col gap-4">
                  <h2 id="popular-images" className="text-lg font-semibold">
                    {t("gallery.popularImages")}
                  </h2>
                  <ImageGrid images={popularImages} label={t("gallery.popularImages")} eager={false} />
                </section>
              )}
            </div>
          ) : seeding ? (
            <EmptyState title={t("gallery.seeding")} />
          ) : (
            <EmptyState title={t("gallery.empty")} hint={t("gallery.emptyHint")} />
          )}
          {list.error && (
            <div role="alert" className="flex flex-col items-center gap-3 py-10 text-sm text-neutral-600 dark:text-neutral-400">
              <p>{t("gallery.moreFailed", { error: list.error })}</p>
              <button type="button" className="button-secondary" onClick={list.retry}>
                {t("gallery.tryAgain")}
              </button>
            </div>
          )}
        </FirstPaintBoundary>
        <Outlet context={{ images: list.images, loadMore: list.loadMore } satisfies GalleryOutletContext} />
      </PageMain>
      {list.ended && !reloading && !gridBehindOnly && <Footer />}
    </>
  );
}

function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-neutral-300 px-6 py-20 text-center dark:border-neutral-700">
      <p className="text-lg font-medium wrap-anywhere">{title}</p>
      {hint && <p className="mt-2 max-w-md text-sm text-neutral-600 dark:text-neutral-400">{hint}</p>}
    </div>
  );
}
