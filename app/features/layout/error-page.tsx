import { lazy, Suspense } from "react";

const ErrorPageContent = lazy(() => import("./error-page-content"));

/**
 * The site's error page (error-page-content.tsx), in a chunk of its own: fetched by a page that
 * shows it, never by the others (decision 053). The server renders it whole, as before.
 */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Suspense>
      <ErrorPageContent error={error} />
    </Suspense>
  );
}
