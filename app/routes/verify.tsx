import { PageMain } from "~/components/page-main";
import { VerifyFile } from "~/features/credentials/verify-file";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/verify";

export const loader = ({ request, context }: Route.LoaderArgs) => ({ maxBytes: context.settings.uploadMaxBytes, ...pageMessages(request, "verify") });
export function meta({ data, location }: Route.MetaArgs) {
  const t = metaT(location.pathname, data);
  return [{ title: t("verify.metaTitle") }, { name: "description", content: t("verify.metaDescription") }];
}

/** /verify: anyone checks a file's Content Credentials (issue 25). */
export default function Verify({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <PageMain className="page max-w-3xl pb-24 pt-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t("verify.title")}</h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">{t("verify.intro")}</p>
      <VerifyFile maxBytes={loaderData.maxBytes} />
    </PageMain>
  );
}
