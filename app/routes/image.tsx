import { useEffect, useState } from "react";
import { data, useLocation, useNavigate, useOutletContext } from "react-router";
import { parseIdSegment, type ImageSummary } from "#contracts/catalog";
import { splitLocale } from "#contracts/locales";
import { useResumedDownload } from "~/components/engagement/download-button";
import { ImageOverlay } from "~/features/gallery/image-overlay";
import { imageMeta } from "~/features/gallery/image-meta";
import { neighboursAt } from "~/features/gallery/overlay-stepping";
import { Footer } from "~/features/layout/footer";
import { requestLocale } from "~/i18n/catalogs.server";
import { useLocalizedPath } from "~/i18n/i18n";
import { queryString } from "~/lib/api";
import { knownTexts } from "~/lib/formats";
import { orNotFound } from "~/lib/not-found";
import type { GalleryOutletContext } from "./gallery";
import type { Route } from "./+types/image";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = parseIdSegment(params.segment);
  if (id === null) throw data(null, { status: 404 });
  const viewer = await context.viewer();
  const image = await orNotFound(context.services.catalog.get(id, viewer?.id));
  const known = knownTexts(requestLocale(request), {
    numbers: [image.likes, image.downloads],
    dates: [image.howMade?.generatedAt, image.credentials.signedAt],
    sizes: [{ bytes: image.fileBytes, english: image.fileSize }],
  });
  return { image, known, baseUrl: context.settings.baseUrl };
}

export function meta({ data, location }: Route.MetaArgs) {
  return data ? imageMeta(data.image, data.baseUrl, splitLocale(location.pathname).locale) : [];
}

/** Its canonical URL is the image's own address (image-meta.ts), whichever segment was asked for. */
export const handle = { canonical: false };

/** `/images/{id}-{slug}`: the image's detail over the gallery, opened from a card or a shared link. */
export default function ImageRoute({ loaderData }: Route.ComponentProps) {
  const { image, known } = loaderData;
  const { images, loadMore } = useOutletContext<GalleryOutletContext>();
  const navigate = useNavigate();
  const location = useLocation();
  const to = useLocalizedPath();
  const fromGrid = (location.state as { fromGrid?: boolean } | null)?.fromGrid === true;
  // The image stepped to shows at once from the grid's data; its details follow.
  const [target, setTarget] = useState<ImageSummary | null>(null);
  const shown = target && target.id !== image.id ? target : image;
  const index = images.findIndex((candidate) => candidate.id === shown.id);
  const nearEnd = index >= 0 && index >= images.length - 3;
  useResumedDownload(image);

  useEffect(() => {
    if (nearEnd) loadMore?.();
  }, [nearEnd, loadMore]);

  return (
    <ImageOverlay
      image={shown}
      detail={image}
      known={known}
      {...neighboursAt(images, index)}
      onNavigate={(next) => {
        setTarget(next);
        void navigate(to(next.path), { replace: true, preventScrollReset: true, state: location.state });
      }}
      onClose={() => void (fromGrid ? navigate(-1) : navigate(to("/"), { preventScrollReset: true }))}
      onTag={(tag) => void navigate(`${to("/")}${queryString({ tag })}`)}
      footer={<Footer />}
    />
  );
}
