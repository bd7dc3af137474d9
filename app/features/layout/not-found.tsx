import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { PageMain } from "~/components/page-main";

/** 'Oops! Page not found', for unknown paths and for images that do not exist (any more). */
export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <PageMain className="page flex min-h-[65vh] flex-col items-center justify-center py-16 text-center">
      <title>Page not found · Stockroom</title>
      <p className="text-7xl font-semibold tracking-tight text-neutral-500 dark:text-neutral-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Oops! Page not found</h1>
      <p className="mt-2 max-w-md text-neutral-600 dark:text-neutral-400">The page you are looking for does not exist or has been moved.</p>
      <Link to="/" className="button-primary mt-8">
        Return to Home
      </Link>
    </PageMain>
  );
}
