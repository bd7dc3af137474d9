import { Link } from "react-router";
import type { ListFilters } from "#contracts/catalog";
import { colorNames, colorSwatches, orientations } from "#contracts/catalog-constants";

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

const activeChip =
  "aria-[current=true]:border-neutral-900 aria-[current=true]:bg-neutral-900 aria-[current=true]:text-white dark:aria-[current=true]:border-white dark:aria-[current=true]:bg-white dark:aria-[current=true]:text-neutral-900";

/**
 * Orientation and colour filters as links (they work before hydration and are server-rendered):
 * each keeps the other filter and whatever list `hrefFor` keeps (a tag, a search). On a phone
 * each row scrolls sideways instead of wrapping. The two rows share a line only from 1280px,
 * where they always fit, and each row's height is fixed (min-h-11, less the -my-1): a row sized by
 * its content moved what follows while a slow connection brought the rest of the HTML (a layout
 * shift seen in the browser tests).
 */
export function ListFiltersBar({ filters, hrefFor }: { filters: ListFilters; hrefFor: (filters: ListFilters) => string }) {
  const { orientation, color } = filters;
  return (
    <nav aria-label="Filters" className="flex flex-col gap-2 xl:flex-row xl:items-center xl:gap-x-6">
      <ul aria-label="Orientation" className="-my-1 flex min-h-11 min-w-0 gap-2 overflow-x-auto py-1 [scrollbar-width:none]">
        <li className="shrink-0">
          <Link to={hrefFor({ color })} className={`chip ${activeChip}`} aria-current={orientation ? undefined : "true"} preventScrollReset>
            Any orientation
          </Link>
        </li>
        {orientations.map((name) => (
          <li key={name} className="shrink-0">
            <Link
              to={hrefFor({ orientation: name, color })}
              className={`chip ${activeChip}`}
              aria-current={orientation === name ? "true" : undefined}
              preventScrollReset
            >
              {capitalised(name)}
            </Link>
          </li>
        ))}
      </ul>
      <ul aria-label="Color" className="-my-1 flex min-h-11 min-w-0 items-center gap-1.5 overflow-x-auto px-1 py-1 [scrollbar-width:none]">
        {colorNames.map((name) => {
          const active = color === name;
          return (
            <li key={name} className="shrink-0">
              <Link
                to={hrefFor({ orientation, color: active ? undefined : name })}
                aria-label={active ? `${capitalised(name)}, remove color filter` : capitalised(name)}
                title={capitalised(name)}
                aria-current={active ? "true" : undefined}
                preventScrollReset
                className="flex size-9 items-center justify-center rounded-full outline-offset-2 aria-[current=true]:ring-2 aria-[current=true]:ring-neutral-900 dark:aria-[current=true]:ring-white"
              >
                <span className="size-7 rounded-full border border-black/15 dark:border-white/25" style={{ backgroundColor: colorSwatches[name] }} />
              </Link>
            </li>
          );
        })}
      </ul>
      {(orientation || color) && (
        <Link to={hrefFor({})} className="self-start text-sm font-medium text-neutral-600 underline underline-offset-4 hover:text-neutral-950 xl:self-center dark:text-neutral-400 dark:hover:text-white" preventScrollReset>
          Clear filters
        </Link>
      )}
    </nav>
  );
}
