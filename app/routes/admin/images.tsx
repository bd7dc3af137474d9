import { useId } from "react";
import { adminImagesQuery } from "#contracts/admin";
import { ActionBanner, useActionFetcher, EmptyList, NextPage, SearchForm } from "~/features/admin/admin-forms";
import { moderationAction } from "~/features/admin/actions.server";
import { ImageItem } from "~/features/admin/image-item";
import type { Route } from "./+types/images";

export const meta = () => [{ title: "Images · Admin · Stockroom" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = adminImagesQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { query, ...(await context.services.moderation.images(await context.viewer(), query)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return moderationAction(request, context);
}

const statusLabels = { all: "All", published: "Published", hidden: "Hidden", review: "Needs review" } as const;

/** /admin/images: every image, hidden ones too, found by title, creator or tag; hide, restore, edit. */
export default function AdminImages({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useActionFetcher();
  const { query, items, older } = loaderData;
  const statusId = useId();
  const olderHref = older === null ? null : `?${new URLSearchParams({ ...(query.q && { q: query.q }), ...(query.status !== "all" && { status: query.status }), before: String(older) })}`;
  return (
    <section aria-labelledby="images-heading" className="flex flex-col gap-4">
      <h2 id="images-heading" className="text-xl font-semibold">
        Images
      </h2>
      <SearchForm label="Search images" query={query.q} placeholder="Title, creator or tag">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={statusId} className="text-sm font-medium">
            Status
          </label>
          <select id={statusId} name="status" defaultValue={query.status} className="field h-10 sm:w-40">
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <ActionBanner result={actionData} />
      {items.length === 0 ? (
        <EmptyList>No images match.</EmptyList>
      ) : (
        <ul aria-label="Images" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((image) => (
            <ImageItem key={image.id} fetcher={fetcher} image={image} />
          ))}
        </ul>
      )}
      <NextPage to={olderHref} label="More images" />
    </section>
  );
}
