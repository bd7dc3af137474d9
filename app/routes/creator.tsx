import { useCallback, useState } from "react";
import { data, Link } from "react-router";
import { creatorNameParam, type ListFilters } from "#contracts/catalog";
import { PAGE_SIZE_DEFAULT } from "#contracts/catalog-constants";
import { Avatar } from "~/components/avatar";
import { BackToGallery } from "~/components/back-to-gallery";
import { PageMain } from "~/components/page-main";
import { ImageGrid } from "~/features/gallery/image-grid";
import { OpenedImage, preloadImageModal } from "~/features/gallery/opened-image";
import { ListFiltersBar } from "~/features/gallery/list-filters";
import { useCreatorTotals } from "~/features/gallery/use-creator-totals";
import { usePagedImages } from "~/features/gallery/use-paged-images";
import { Footer } from "~/features/layout/footer";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocale, useLocalizedPath, useT } from "~/i18n/i18n";
import { queryString } from "~/lib/api";
import { FirstPaintBoundary } from "~/lib/first-paint";
import { filterParams, unknownFilters, type UnknownFilter } from "~/lib/list-key";
import { isNotFound } from "~/lib/not-found";
import type { Route } from "./+types/creator";

/** "Skip to images" is the page's first tab stop; the footer comes once the list's last page is there (root.tsx). */
export const handle = { skipToImages: true, footer: false };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The grid's filters and loading line are the gallery's (app/i18n).
  const messages = pageMessages(request, "gallery");
  const missing = () => data({ creator: null, filters: {}, unknown: [], ...messages }, { status: 404 });
  const name = creatorNameParam.safeParse(params.name);
  if (!name.success) return missing();
  const { searchParams } = new URL(request.url);
  const filters = filterParams(searchParams);
  const viewer = await context.viewer();
  try {
    return {
      creator: await context.services.catalog.creator(name.data, { limit: PAGE_SIZE_DEFAULT, ...filters }, viewer?.id),
      filters,
      unknown: unknownFilters(searchParams),
      ...messages,
    };
  } catch (error) {
    if (isNotFound(error)) return missing();
    throw error;
  }
}

export function meta({ data, location }: Route.MetaArgs) {
  const creator = data?.creator;
  const t = metaT(location.pathname, data);
  return creator
    ? [
        { title: t("creator.metaTitle", { name: creator.name }) },
        { name: "description", content: t("creator.metaDescription", { count: String(creator.uploads), name: creator.name }) },
      ]
    : [{ title: t("creator.notFoundTitle") }];
}


/** `/creator/{name}`: a creator's totals and images. */
export default function CreatorRoute({ loaderData }: Route.ComponentProps) {
  const { creator, filters, unknown } = loaderData;
  const t = useT();
  const home = useLocalizedPath()("/");
  if (!creator) {
    return (
      <>
        <PageMain className="page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{t("creator.notFound")}</h1>
          <p className="mt-2 text-neutral-600 dark:text-neutral-400">{t("creator.noImages")}</p>
          <Link to={home} className="button-primary mt-8">
            {t("creator.home")}
          </Link>
        </PageMain>
        <Footer />
      </>
    );
  }
  return <CreatorPage creator={creator} filters={filters} unknown={unknown} />;
}

function CreatorPage({ creator, filters, unknown }: { creator: NonNullable<Route.ComponentProps["loaderData"]["creator"]>; filters: ListFilters; unknown: UnknownFilter[] }) {
  const { orientation, color } = filters;
  const t = useT();
  const locale = useLocale();
  const base = useLocalizedPath()(`/creator/${encodeURIComponent(creator.name)}`);
  const pageUrl = useCallback(
    (cursor: string) => `/api/creators/${encodeURIComponent(creator.name)}${queryString({ cursor, orientation, color })}`,
    [creator.name, orientation, color],
  );
  const filtersHref = useCallback((narrowed: ListFilters) => `${base}${queryString({ ...narrowed })}`, [base]);
  const list = usePagedImages(creator.images, pageUrl);
  const [open, setOpen] = useState<number | null>(null);
  const totals = useCreatorTotals(creator);
  const stats = [
    { label: t("creator.uploads"), value: totals.uploads },
    { label: t("creator.downloads"), value: totals.downloads },
    { label: t("creator.likes"), value: totals.likes },
  ];
  return (
    <>
      <PageMain className="page pb-20 pt-6">
        <BackToGallery />
        <div className="mt-8 flex flex-col items-start gap-6 sm:flex-row sm:items-center">
          <Avatar name={creator.name} url={creator.avatarUrl} size={88} />
          <div className="min-w-0">
            <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl" translate="no" dir="auto">
              {creator.name}
            </h1>
            <dl className="mt-4 flex gap-8">
              {stats.map((stat) => (
                <div key={stat.label} className="flex flex-col-reverse">
                  <dt className="text-sm text-neutral-600 dark:text-neutral-400">{stat.label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{stat.value.toLocaleString(locale)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
        <h2 className="mb-5 mt-12 text-lg font-semibold">
          {t("creator.imagesBy", { name: creator.name, count: String(totals.uploads) })}
        </h2>
        <div className="mb-5">
          <ListFiltersBar filters={filters} hrefFor={filtersHref} unknown={unknown} />
        </div>
        <FirstPaintBoundary id="results">
          {list.images.length === 0 && <p className="py-10 text-center text-neutral-600 dark:text-neutral-400">{t("creator.noMatch")}</p>}
          <ImageGrid
            images={list.images}
            label={t("creator.gridLabel", { name: creator.name })}
            loading={list.loading}
            onLoadMore={list.loadMore}
            onOpen={setOpen}
            onIntent={preloadImageModal}
          />
        </FirstPaintBoundary>
        <OpenedImage images={list.images} open={open} onOpen={setOpen} />
      </PageMain>
      {list.ended && <Footer />}
    </>
  );
}
