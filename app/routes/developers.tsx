import { lazy, Suspense } from "react";
import { OPENAPI_DOCUMENT_PATH } from "#contracts/developers-paths";
import { PageMain } from "~/components/page-main";
import { useHydrated } from "~/lib/use-hydrated";

const ApiReference = lazy(() => import("~/features/developers/api-reference"));

export const meta = () => [
  { title: "Developers · Stockroom" },
  { name: "description", content: "Build on the Stockroom catalog: the JSON API's reference, generated from its OpenAPI 3.1 document." },
];

/** /developers: the JSON API's reference, drawn in the browser from /api/openapi.json. */
export default function Developers() {
  const hydrated = useHydrated();
  const loading = <p className="page py-8 text-neutral-600 dark:text-neutral-400">Loading the API reference…</p>;
  return (
    <PageMain>
      <div className="page max-w-5xl pt-8">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Developers</h1>
        <p className="mt-3 max-w-3xl text-neutral-700 dark:text-neutral-300">
          Every Stockroom image is free to use. Build on the catalog with the JSON API: lists, search, images, tags and
          creators can be read from any site, without a key. The full description is the OpenAPI 3.1 document at{" "}
          <a href={OPENAPI_DOCUMENT_PATH} className="font-medium underline">
            {OPENAPI_DOCUMENT_PATH}
          </a>
          .
        </p>
      </div>
      {hydrated ? <Suspense fallback={loading}>{<ApiReference />}</Suspense> : loading}
    </PageMain>
  );
}
