import { useCallback, useState } from "react";
import { data, redirect } from "react-router";
import { parseIdSegment } from "#contracts/catalog";
import { PAGE_SIZE_DEFAULT } from "#contracts/catalog-constants";
import { localizedPath, splitLocale } from "#contracts/locales";
import { BackToGallery } from "~/components/back-to-gallery";
import { collectionDownloadUrl } from "~/components/collections/api";
import { PageMain } from "~/components/page-main";
import { collectionMeta } from "~/features/collections/collection-meta";
import { Footer } from "~/features/layout/footer";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useT } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import { ImageGrid } from "~/features/gallery/image-grid";
import { OpenedImage, preloadImageModal } from "~/features/gallery/opened-image";
import { usePagedImages } from "~/features/gallery/use-paged-images";
import { queryString } from "~/lib/api";
import { DownloadIcon } from "~/lib/icons";
import { LockIcon, ShareIcon } from "~/lib/action-icons";
import { orNotFound } from "~/lib/not-found";
import { useShare } from "~/lib/share";
import { useRootData } from "~/lib/viewer";
import type { Route } from "./+types/collection";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseIdSegment(params.segment);
  if (id === null) throw data(null, { status: 404 });
  const viewer = await context.viewer();
  const collection = await orNotFound(context.services.collections.get(viewer, id, { limit: PAGE_SIZE_DEFAULT }));
  // The id decides; a link with an old or wrong slug leads to the collection's own address.
  const url = new URL(request.url);
  const path = localizedPath(splitLocale(url.pathname).locale, collection.path);
  if (url.pathname !== path) throw redirect(`${path}${url.search}`, 301);
  // The grid's loading line is the gallery's (app/i18n).
  return { collection, baseUrl: context.settings.baseUrl, ...pageMessages(request, "gallery") };
}

export function meta({ data, location }: Route.MetaArgs) {
  return data ? collectionMeta(data.collection, data.baseUrl, splitLocale(location.pathname).locale, metaT(location.pathname, data)) : [];
}

/** Its meta names its canonical URL (collection-meta.ts); the footer comes once the list's last page is there (root.tsx). */
export const handle = { canonical: false, footer: false };

/** `/collections/{id}-{slug}`: a public collection (or the viewer's own), its images in the gallery's grid and overlay, and Download all. */
export default function CollectionRoute({ loaderData }: Route.ComponentProps) {
  const { collection } = loaderData;
  const { viewer } = useRootData();
  const share = useShare();
  const pageUrl = useCallback((cursor: string) => `/api/collections/${collection.id}${queryString({ cursor })}`, [collection.id]);
  const list = usePagedImages(collection.images, pageUrl);
  const [open, setOpen] = useState<number | null>(null);
  const t = useT();

  return (
    <>
      <PageMain className="page pb-20 pt-6">
        <BackToGallery />
        <div className="mb-8 mt-6 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{t("collection.kind")}</p>
            <h1 className="mt-1 break-words text-3xl font-semibold tracking-tight sm:text-4xl" translate="no" dir="auto">
              {collection.name}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-2 text-neutral-600 dark:text-neutral-400">
              <span>
                <Trans id="collection.by" values={{ owner: collection.owner.name }} components={{ 0: <span className="font-medium text-neutral-900 dark:text-neutral-100" translate="no" /> }} />
              </span>
              <span aria-hidden="true">·</span>
              <span>{t("collection.count", { count: collection.imageCount })}</span>
              {!collection.isPublic && (
                <>
                  <span aria-hidden="true">·</span>
                  <span className="inline-flex items-center gap-1">
                    <LockIcon size={14} /> {t("collection.private")}
                  </span>
                </>
              )}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {collection.isPublic && (
              <button type="button" className="button-secondary" onClick={() => void share(collection.name, collection.path)}>
                <ShareIcon size={18} />
                {t("collection.share")}
              </button>
            )}
            {collection.imageCount > 0 && (
              // For a visitor without a session this is a link to open: the server sends them to sign in, and back here.
              <a href={collectionDownloadUrl(collection.id)} download={viewer ? true : undefined} className="button-primary">
                <DownloadIcon size={18} />
                {t("collection.downloadAll")}
              </a>
            )}
          </div>
        </div>
        {list.images.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
            {t("collection.empty")}
          </p>
        ) : (
          <ImageGrid images={list.images} label={t("collection.gridLabel", { name: collection.name })} loading={list.loading} onLoadMore={list.loadMore} onOpen={setOpen} onIntent={preloadImageModal} />
        )}
        {list.error && (
          <p role="alert" className="mt-6 text-center text-sm text-red-700 dark:text-red-300">
            {t("collection.moreFailed", { error: list.error })}{" "}
            <button type="button" className="font-medium underline" onClick={list.retry}>
              {t("gallery.tryAgain")}
            </button>
          </p>
        )}
        <OpenedImage images={list.images} open={open} onOpen={setOpen} />
      </PageMain>
      {list.ended && <Footer />}
    </>
  );
}
