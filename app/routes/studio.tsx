import { data, Link } from "react-router";
import { PageMain } from "~/components/page-main";
import { deleteImageAction } from "~/features/studio/delete-action.server";
import { DeleteImage } from "~/features/studio/delete-image";
import { creatorOrAdmin } from "~/features/studio/studio-access";
import { CountsLine, StudioNumbers } from "~/features/studio/studio-numbers";
import { useFailureReason } from "~/features/studio/upload-failure";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import { readForm } from "~/lib/form.server";
import type { Route } from "./+types/studio";

export function meta({ data, location }: Route.MetaArgs) {
  return [{ title: metaT(location.pathname, data)("studio.metaTitle") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = creatorOrAdmin(await context.viewer(), request);
  return { ...(await context.services.imageEdits.studio(viewer)), ...pageMessages(request, "studio") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "delete") throw data("Unknown action", { status: 400 });
  return deleteImageAction(request, context, form);
}

const statusLabels = { published: "studio.published", hidden: "studio.hidden" } as const;

/** /studio: "Your images": the creator's numbers, the uploads under way or failed, then every image with its status, counts, edit and delete. */
export default function Studio({ loaderData }: Route.ComponentProps) {
  const { images, totals, days, uploads } = loaderData;
  const t = useT();
  const to = useLocalizedPath();
  const failureReason = useFailureReason();
  return (
    <PageMain className="page max-w-6xl py-8 sm:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{t("studio.title")}</h1>
        <Link to={to("/upload")} className="button-primary">
          {t("studio.upload")}
        </Link>
      </div>

      {images.length > 0 && <StudioNumbers totals={totals} days={days} />}

      {uploads.length > 0 && (
        <section aria-labelledby="uploads-heading" className="mt-8">
          <h2 id="uploads-heading" className="text-lg font-semibold">
            {t("studio.uploads")}
          </h2>
          <ul className="mt-3 divide-y divide-neutral-200 dark:divide-neutral-800">
            {uploads.map((upload) => (
              <li key={upload.id} className="flex flex-wrap items-baseline gap-x-3 py-2 text-sm">
                <span className="font-medium" translate="no">
                  {upload.fileName}
                </span>
                <span className={upload.status === "failed" ? "text-red-700 dark:text-red-400" : "text-neutral-600 dark:text-neutral-400"}>
                  {upload.status === "failed" ? t("studio.uploadFailed", { reason: failureReason(upload) ?? "" }) : t("studio.processing")}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="images-heading" className="mt-8">
        <h2 id="images-heading" className="text-lg font-semibold">
          {t("studio.images", { count: images.length })}
        </h2>
        {images.length === 0 ? (
          <p className="mt-3 text-neutral-600 dark:text-neutral-400">
            <Trans id="studio.empty" components={{ 0: <Link to={to("/upload")} className="underline underline-offset-2" /> }} />
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {images.map((image) => (
              <li key={image.id} className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
                <div className="flex gap-3">
                  <img src={image.thumbnail} alt="" className="size-20 shrink-0 rounded-md bg-neutral-100 object-cover dark:bg-neutral-800" />
                  <div className="min-w-0">
                    <Link to={to(`/images/${image.id}-${image.slug}`)} className="block truncate font-medium hover:underline" translate="no" dir="auto">
                      {image.title}
                    </Link>
                    <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t(statusLabels[image.status])}</p>
                    <CountsLine counts={image} />
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={to(`/studio/images/${image.id}`)} className="button-secondary">
                    {t("studio.edit")}
                  </Link>
                  <DeleteImage id={image.id} title={image.title} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageMain>
  );
}
