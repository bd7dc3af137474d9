import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import type { ListFilters } from "#contracts/catalog";
import { colorNames, colorSwatches, orientations } from "#contracts/catalog-constants";
import { useT } from "~/i18n/i18n";
import type { UnknownFilter } from "~/lib/list-key";

const activeChip =
  "aria-checked:border-neutral-900 aria-checked:bg-neutral-900 aria-checked:text-white dark:aria-checked:border-white dark:aria-checked:bg-white dark:aria-checked:text-neutral-900";

const steps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A filter group as the WAI-ARIA radio group pattern has it: one tab stop (the chosen option,
 * else the first), the arrow keys move to the next or previous option and choose it (its link is
 * followed), Space chooses the focused one, as Enter does for a link.
 */
function onRadioKeys(event: KeyboardEvent<HTMLElement>) {
  const radios = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('[role="radio"]')];
  const at = radios.indexOf(document.activeElement as HTMLAnchorElement);
  if (at < 0) return;
  if (event.key === " ") {
    event.preventDefault();
    radios[at]!.click();
    return;
  }
  const step = steps[event.key];
  if (step === undefined) return;
  event.preventDefault();
  const next = radios[(at + step + radios.length) % radios.length]!;
  next.focus();
  next.click();
}

/**
 * Orientation and colour filters as links (they work before hydration and are server-rendered),
 * each group a radio group (onRadioKeys):
 * each keeps the other filter and whatever list `hrefFor` keeps (a tag, a search). On a phone
 * each row scrolls sideways instead of wrapping. The two rows share a line only from 1280px,
 * where they always fit, and each row's height is fixed (min-h-11, less the -my-1): a row sized by
 * its content moved what follows while a slow connection brought the rest of the HTML (a layout
 * shift seen in the browser tests). A filter value the URL asked for and the lists do not know
 * is named above them (`unknown`: its notice).
 */
export function ListFiltersBar({ filters, hrefFor, unknown = [] }: { filters: ListFilters; hrefFor: (filters: ListFilters) => string; unknown?: UnknownFilter[] }) {
  const { orientation, color } = filters;
  const t = useT();
  return (
    <>
      {unknown.length > 0 && (
        <ul aria-label={t("filters.notApplied")} className="wrap-anywhere text-sm text-amber-800 dark:text-amber-300">
          {unknown.map(({ filter, value }) => (
            <li key={filter}>{t(filter === "orientation" ? "filters.unknownOrientation" : "filters.unknownColor", { value })}</li>
          ))}
        </ul>
      )}
      <nav aria-label={t("filters.label")} className="flex flex-col gap-2 xl:flex-row xl:items-center xl:gap-x-6">
        <div
          role="radiogroup"
          aria-label={t("filters.orientation")}
          onKeyDown={onRadioKeys}
          className="-my-1 flex min-h-11 min-w-0 gap-2 overflow-x-auto py-1 [scrollbar-width:none]"
        >
          {[undefined, ...orientations].map((name) => {
            const checked = orientation === name;
            return (
              <Link
                key={name ?? "any"}
                to={hrefFor({ orientation: name, color })}
                role="radio"
                aria-checked={checked}
                tabIndex={checked ? 0 : -1}
                className={`chip ${activeChip}`}
                preventScrollReset
              >
                {t(name ? `orientation.${name}` : "filters.anyOrientation")}
              </Link>
            );
          })}
        </div>
        <div
          role="radiogroup"
          aria-label={t("filters.color")}
          onKeyDown={onRadioKeys}
          className="-my-1 flex min-h-11 min-w-0 items-center gap-1.5 overflow-x-auto px-1 py-1 [scrollbar-width:none]"
        >
          {colorNames.map((name, index) => {
            const checked = color === name;
            return (
              <Link
                key={name}
                to={hrefFor({ orientation, color: checked ? undefined : name })}
                role="radio"
                aria-checked={checked}
                tabIndex={checked || (!color && index === 0) ? 0 : -1}
                aria-label={checked ? t("filters.removeColor", { color: t(`color.${name}`) }) : t(`color.${name}`)}
                title={t(`color.${name}`)}
                preventScrollReset
                className="flex size-9 shrink-0 items-center justify-center rounded-full outline-offset-2 aria-checked:ring-2 aria-checked:ring-neutral-900 dark:aria-checked:ring-white"
              >
                <span className="size-7 rounded-full border border-black/15 dark:border-white/25" style={{ backgroundColor: colorSwatches[name] }} />
              </Link>
            );
          })}
        </div>
        {(orientation || color) && (
          <Link to={hrefFor({})} className="self-start text-sm font-medium text-neutral-600 underline underline-offset-4 hover:text-neutral-950 xl:self-center dark:text-neutral-400 dark:hover:text-white" preventScrollReset>
            {t("filters.clear")}
          </Link>
        )}
      </nav>
    </>
  );
}
