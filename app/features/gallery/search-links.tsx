import { Link } from "react-router";

/**
 * A row of searches to go on with, each a link: "Related searches" under a list's count, and
 * "Popular searches" when a search found nothing. On a phone the row scrolls sideways.
 */
export function SearchLinks({ id, title, searches, hrefFor }: { id: string; title: string; searches: string[]; hrefFor: (q: string) => string }) {
  if (searches.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-x-4 gap-y-1 sm:flex-row sm:items-center">
      <h2 id={id} className="shrink-0 text-sm font-semibold text-neutral-700 dark:text-neutral-300">
        {title}
      </h2>
      <ul className="-my-1 flex min-h-11 min-w-0 items-center gap-2 overflow-x-auto py-1 [scrollbar-width:none]">
        {searches.map((search) => (
          <li key={search} className="shrink-0">
            <Link to={hrefFor(search)} className="chip" translate="no">
              {search}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
