import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { imageFieldsInput } from "#contracts/studio";
import { imageIdParam } from "#contracts/catalog";
import { Banner } from "~/components/fields";
import { PageMain } from "~/components/page-main";
import { deleteImageAction } from "~/features/studio/delete-action.server";
import { DeleteImage } from "~/features/studio/delete-image";
import { ImageFields } from "~/features/studio/image-fields";
import { creatorOrAdmin } from "~/features/studio/studio-access";
import { studioT } from "~/features/studio/studio-t.server";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import { readForm, runForm, type FormResult } from "~/lib/form.server";
import { orNotFound } from "~/lib/not-found";
import type { Route } from "./+types/studio-image";

export function meta({ data, location }: Route.MetaArgs) {
  return [{ title: metaT(location.pathname, data)("edit.metaTitle") }, { name: "robots", content: "noindex" }];
}

function idOf(params: { id?: string }): number {
  const id = imageIdParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  return id.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = creatorOrAdmin(await context.viewer(), request);
  return { ...(await orNotFound(context.services.imageEdits.get(viewer, idOf(params)))), ...pageMessages(request, "studio") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "delete") return deleteImageAction(request, context, form);
  const id = idOf(params);
  const { t } = studioT(request);
  return runForm(
    context,
    form,
    imageFieldsInput,
    async (input): Promise<FormResult> => {
      await context.services.imageEdits.update(await context.viewer(), id, input);
      return { ok: true, message: t("edit.saved") };
    },
    t("edit.failed"),
  );
}

/** /studio/images/:id: the owner (or an admin) edits an image's words and how it was made, or deletes it. */
export default function StudioImage({ loaderData, actionData }: Route.ComponentProps) {
  const image = loaderData;
  const [fields, setFields] = useState({
    title: image.title,
    tags: image.tags.join(", "),
    category: image.category,
    description: image.description,
    model: image.model,
    prompt: image.prompt,
  });
  const saving = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalizedPath();
  return (
    <PageMain className="page max-w-3xl py-8 sm:py-12">
      <Link to={to("/studio")} className="text-sm font-medium underline underline-offset-4">
        {t("edit.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">{t("edit.title")}</h1>
      <div className="mt-6 flex items-center gap-4">
        <img src={image.thumbnail} alt="" className="size-24 shrink-0 rounded-lg bg-neutral-100 object-cover dark:bg-neutral-800" />
        <div className="min-w-0">
          <Link to={to(`/images/${image.id}-${image.slug}`)} className="block truncate font-medium hover:underline" translate="no" dir="auto">
            {image.title}
          </Link>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            <Trans id="edit.by" values={{ creator: image.creator }} components={{ 0: <span translate="no" /> }} />
          </p>
        </div>
      </div>
      <Form method="post" className="mt-6 flex flex-col gap-4">
        {actionData && (actionData.ok ? <Banner kind="success">{actionData.message}</Banner> : <Banner kind="error">{actionData.error}</Banner>)}
        <ImageFields values={fields} onChange={setFields} titleHint={t("edit.titleHint")} />
        <div>
          <button type="submit" name="intent" value="save" className="button-primary" disabled={saving}>
            {saving ? t("edit.saving") : t("edit.save")}
          </button>
        </div>
      </Form>
      <div className="mt-10 border-t border-neutral-200 pt-6 dark:border-neutral-800">
        <DeleteImage id={image.id} title={image.title} />
      </div>
    </PageMain>
  );
}
