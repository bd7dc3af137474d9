import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { SUGGESTIONS_MAX, SUGGESTIONS_MIN_CHARS } from "#contracts/catalog-constants";
import { splitLocale, textDirection } from "#contracts/locales";
import { PAGE_MAIN_ID } from "~/components/page-main";
import { SkipToImages } from "~/components/skip-to-images";
import { SayThanks } from "~/features/gallery/say-thanks";
import { ErrorPage } from "~/features/layout/error-page";
import { Footer } from "~/features/layout/footer";
import { Header } from "~/features/layout/header";
import { LanguageOffer } from "~/features/layout/language-offer";
import { pageMessages } from "~/i18n/catalogs.server";
import { Translations, useLocale, type PageMessages } from "~/i18n/i18n";
import { LanguageLinks } from "~/i18n/language-links";
import { HoldFirstPaint } from "~/lib/first-paint";
import { Toasts } from "~/lib/toast";
import type { RootData } from "~/lib/viewer";
import type { Route } from "./+types/root";
import "./app.css";
// The latin Inter of app.css: the same file, so the preload below is the one the page then uses.
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/** The site's font, fetched with the HTML's first bytes so that it is there for the first paint (app.css: `font-display: optional`). */
export const links: Route.LinksFunction = () => [{ rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" }];

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData & PageMessages> {
  return {
    viewer: await context.viewer(),
    settings: context.settings,
    suggestions: { minChars: SUGGESTIONS_MIN_CHARS, max: SUGGESTIONS_MAX },
    ...pageMessages(request, "layout"),
  };
}

/**
 * The viewer and settings change through actions (sign-in, sign-out, profile forms) and full
 * loads, not by moving between pages: a navigation asks only for its page's data, so a page that
 * cannot load says so itself (the gallery offers to try again) instead of the whole site failing.
 * A page in another language brings the header's messages in that language.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale) return true;
  return formMethod !== undefined && formMethod !== "GET" && defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const root = useRouteLoaderData<RootData>("root");
  const ownCanonical = useHandles().some((handle) => handle.canonical === false);
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0a0a0a" media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {root && <LanguageLinks baseUrl={root.settings.baseUrl} canonical={!ownCanonical} />}
        {/* No paint before the header has arrived whole (every page's <main> is a PageMain): a header painted half-parsed moved as its last buttons arrived. Pages hold it further with a FirstPaintBoundary. */}
        <HoldFirstPaint until={PAGE_MAIN_ID} />
      </head>
      <body>
        <Translations>
          {children}
          <Toasts />
          <SayThanks />
        </Translations>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * What a route's `handle` may say: it draws its own top bar (e.g. sign-in screens), it draws the
 * footer itself (a list that grows as it is scrolled: once its last page is there), it shows an
 * image grid, its meta names its canonical URL.
 */
interface RouteHandle {
  header?: boolean;
  footer?: false;
  skipToImages?: boolean;
  canonical?: false;
}

function useHandles(): RouteHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
}

export default function App() {
  const handles = useHandles();
  return (
    <>
      {handles.some((handle) => handle.skipToImages) && <SkipToImages />}
      {!handles.some((handle) => handle.header === false) && <Header />}
      <Outlet />
      {!handles.some((handle) => handle.footer === false) && <Footer />}
      <LanguageOffer />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <>
      {root && <Header />}
      <ErrorPage error={error} />
      {root && <Footer />}
    </>
  );
}
