import { colorNames, orientations, type ColorName, type Orientation } from "#contracts/catalog-constants";
import { splitLocale } from "#contracts/locales";

const known = <T extends string>(names: readonly T[], value: string | null): T | undefined =>
  (names as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

/** The orientation and colour a URL asks for, of those the lists know; others are left out (and named: unknownFilters). */
export function filterParams(params: URLSearchParams): { orientation: Orientation | undefined; color: ColorName | undefined } {
  return { orientation: known(orientations, params.get("orientation")), color: known(colorNames, params.get("color")) };
}

/**
 * What the page says of a filter value it does not know (`?color=plaid`): the list is shown
 * without that filter, and says so, rather than failing a URL anyone may write.
 */
export function unknownFilters(params: URLSearchParams): UnknownFilter[] {
  const notices: UnknownFilter[] = [];
  for (const [filter, names] of [["orientation", orientations], ["color", colorNames]] as const) {
    const value = params.get(filter);
    if (value && !known(names, value)) notices.push({ filter, value });
  }
  return notices;
}

/** A filter value the lists do not know, as the URL wrote it. */
export interface UnknownFilter {
  filter: "orientation" | "color";
  value: string;
}

/** Which list a gallery URL shows: its tag (which wins) or its search text, and its filters. */
export function listKey(url: URL): string {
  const { orientation, color } = filterParams(url.searchParams);
  const narrowed = `|${orientation ?? ""}|${color ?? ""}`;
  const tag = url.searchParams.get("tag")?.trim();
  if (tag) return `tag:${tag.toLowerCase()}${narrowed}`;
  const q = url.searchParams.get("q")?.trim();
  return `${q ? `q:${url.searchParams.get("asTyped") === "1" ? "=" : ""}${q}` : "all"}${narrowed}`;
}

export function isImagePath(pathname: string): boolean {
  return splitLocale(pathname).path.startsWith("/images/");
}

/** The gallery itself, in any language (`/`, `/de/`), no image open. */
export const isHomePath = (pathname: string): boolean => splitLocale(pathname).path === "/";
