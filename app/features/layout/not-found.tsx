import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { PageMain } from "~/components/page-main";
import { useLocalizedPath, useT } from "~/i18n/i18n";

/** 'Oops! Page not found', for unknown paths and for images that do not exist (any more). */
export function NotFound() {
  const location = useLocation();
  const t = useT();
  const to = useLocalizedPath();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <PageMain className="page flex min-h-[65vh] flex-col items-center justify-center py-16 text-center">
      <title>{t("notFound.title")}</title>
      <p className="text-7xl font-semibold tracking-tight text-neutral-500 dark:text-neutral-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{t("notFound.heading")}</h1>
      <p className="mt-2 max-w-md text-neutral-600 dark:text-neutral-400">{t("notFound.text")}</p>
      <Link to={to("/")} className="button-primary mt-8">
        {t("notFound.home")}
      </Link>
    </PageMain>
  );
}
