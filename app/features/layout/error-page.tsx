import { isRouteErrorResponse } from "react-router";
import { PageMain } from "~/components/page-main";
import { NotFound } from "./not-found";

/** The site's error page below the header: 'Oops! Page not found', a request it refused (its status), or a failure (try again later). */
export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <PageMain className="page flex min-h-[60vh] flex-col items-center justify-center gap-3 py-16 text-center">
      <title>Something went wrong · Stockroom</title>
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-neutral-600 dark:text-neutral-400">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText || ""}`.trim() : "Please try again in a moment."}
      </p>
      <a href="/" className="button-primary mt-4">
        Return to Home
      </a>
    </PageMain>
  );
}
