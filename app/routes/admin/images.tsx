import { useId } from "react";
import { adminImagesQuery, type AdminImagesQuery } from "#contracts/admin";
import { ActionBanner, useActionFetcher, EmptyList, NextPage, SearchForm } from "~/features/admin/admin-forms";
import { moderationAction } from "~/features/admin/actions.server";
import { adminMetaT } from "~/features/admin/admin-meta";
import { ImageItem } from "~/features/admin/image-item";
import { useT, type MessageId } from "~/i18n/i18n";
import type { Route } from "./+types/images";

export function meta(args: Route.MetaArgs) {
  return [{ title: adminMetaT(args)("images.metaTitle") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = adminImagesQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { query, ...(await context.services.moderation.images(await context.viewer(), query)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return moderationAction(request, context);
}

const statusLabels: Record<AdminImagesQuery["status"], MessageId> = { all: "images.status.all", published: "image.published", hidden: "image.hidden", review: "images.status.review" };

/** /admin/images: every image, hidden ones too, found by title, creator or tag; hide, restore, edit. */
export default function AdminImages({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useActionFetcher();
  const t = useT();
  const { query, items, older } = loaderData;
  const statusId = useId();
  const olderHref = older === null ? null : `?${new URLSearchParams({ ...(query.q && { q: query.q }), ...(query.status !== "all" && { status: query.status }), before: String(older) })}`;
  return (
    <section aria-labelledby="images-heading" className="flex flex-col gap-4">
      <h2 id="images-heading" className="text-xl font-semibold">
        {t("images.title")}
      </h2>
      <SearchForm label={t("images.search")} query={query.q} placeholder={t("images.placeholder")}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={statusId} className="text-sm font-medium">
            {t("images.status")}
          </label>
          <select id={statusId} name="status" defaultValue={query.status} className="field h-10 sm:w-40">
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <ActionBanner result={actionData} />
      {items.length === 0 ? (
        <EmptyList>{t("images.empty")}</EmptyList>
      ) : (
        <ul aria-label={t("images.title")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((image) => (
            <ImageItem key={image.id} fetcher={fetcher} image={image} />
          ))}
        </ul>
      )}
      <NextPage to={olderHref} label={t("images.more")} />
    </section>
  );
}
