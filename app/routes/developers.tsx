import { lazy, Suspense } from "react";
import { DEFAULT_LOCALE } from "#contracts/locales";
import { OPENAPI_DOCUMENT_PATH } from "#contracts/developers-paths";
import { PageMain } from "~/components/page-main";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocale, useT } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/developers";

const ApiReference = lazy(() => import("~/features/developers/api-reference"));

export function meta({ data, location }: Route.MetaArgs) {
  const t = metaT(location.pathname, data);
  return [{ title: t("developers.metaTitle") }, { name: "description", content: t("developers.metaDescription") }];
}

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "developers");
}

/** /developers: the JSON API's reference, drawn in the browser from /api/openapi.json (in English, as the API describes itself). */
export default function Developers() {
  const hydrated = useHydrated();
  const t = useT();
  const locale = useLocale();
  const loading = <p className="page py-8 text-neutral-600 dark:text-neutral-400">{t("developers.loading")}</p>;
  return (
    <PageMain>
      <div className="page max-w-5xl pt-8">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t("developers.title")}</h1>
        <p className="mt-3 max-w-3xl text-neutral-700 dark:text-neutral-300">
          <Trans id="developers.intro" values={{ path: OPENAPI_DOCUMENT_PATH }} components={{ 0: <a href={OPENAPI_DOCUMENT_PATH} className="font-medium underline" translate="no" /> }} />
        </p>
        {locale !== DEFAULT_LOCALE && <p className="mt-2 max-w-3xl text-sm text-neutral-600 dark:text-neutral-400">{t("developers.reference")}</p>}
      </div>
      {hydrated ? <Suspense fallback={loading}>{<ApiReference />}</Suspense> : loading}
    </PageMain>
  );
}
