import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { SUGGESTIONS_MAX, SUGGESTIONS_MIN_CHARS } from "#contracts/catalog-constants";
import { PAGE_MAIN_ID, PageMain } from "~/components/page-main";
import { SayThanks } from "~/features/gallery/say-thanks";
import { Header } from "~/features/layout/header";
import { NotFound } from "~/features/layout/not-found";
import { HoldFirstPaint } from "~/lib/first-paint";
import { Toasts } from "~/lib/toast";
import type { RootData } from "~/lib/viewer";
import type { Route } from "./+types/root";
import "./app.css";

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  return {
    viewer: await context.viewer(),
    settings: context.settings,
    suggestions: { minChars: SUGGESTIONS_MIN_CHARS, max: SUGGESTIONS_MAX },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0a0a0a" media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* No paint before the header has arrived whole (every page's <main> is a PageMain): a header painted half-parsed moved as its last buttons arrived. Pages hold it further with a FirstPaintBoundary. */}
        <HoldFirstPaint until={PAGE_MAIN_ID} />
      </head>
      <body>
        {children}
        <Toasts />
        <SayThanks />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Routes that draw their own top bar (e.g. sign-in screens) set `handle = { header: false }`. */
function useShowsHeader(): boolean {
  return !useMatches().some((match) => (match.handle as { header?: boolean } | undefined)?.header === false);
}

export default function App() {
  return (
    <>
      {useShowsHeader() && <Header />}
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      {root && <Header />}
      {notFound ? (
        <NotFound />
      ) : (
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
      )}
    </>
  );
}
