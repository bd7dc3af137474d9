import { Link } from "react-router";
import { PageMain } from "~/components/page-main";
import { creatorOrAdmin } from "~/features/studio/studio-access";
import { UploadForm } from "~/features/studio/upload-form";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import type { Route } from "./+types/upload";

export function meta({ data, location }: Route.MetaArgs) {
  return [{ title: metaT(location.pathname, data)("upload.metaTitle") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  creatorOrAdmin(await context.viewer(), request);
  return { maxBytes: context.settings.uploadMaxBytes, maxPixels: context.settings.uploadMaxPixels, ...pageMessages(request, "studio") };
}

/** /upload: creators and admins add images; each file is processed in the background. */
export default function Upload({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <PageMain className="page max-w-6xl py-8 sm:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{t("upload.title")}</h1>
        <Link to={to("/studio")} className="text-sm font-medium underline underline-offset-4">
          {t("upload.back")}
        </Link>
      </div>
      <UploadForm maxBytes={loaderData.maxBytes} maxPixels={loaderData.maxPixels} />
    </PageMain>
  );
}
