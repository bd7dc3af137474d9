/**
 * The catalog's plain values (spec section 9's numbers and ours, sizes, orientations,
 * colours), apart from its schemas (catalog.ts) so that the first page's components can use
 * them without bringing Zod into its bundle.
 */

export const PAGE_SIZE_DEFAULT = 30;
export const PAGE_SIZE_MAX = 100;
export const SUGGESTIONS_MAX = 6;
export const SUGGESTIONS_MIN_CHARS = 2;
export const EXPLORE_TAGS = 8;
export const RELATED_MAX = 8;
/** The longest search text and tag the API takes (the search box takes no more). */
export const Q_MAX_LENGTH = 200;
export const TAG_MAX_LENGTH = 100;
/** Matches of a search are counted up to this many; `total` is one more when there are more (decision 016). */
export const SEARCH_TOTAL_MAX = 1000;
/** Popular searches offered by an empty search box, at most (the spec's suggestions: max 6). */
export const POPULAR_SEARCHES_MAX = 6;
/** Tags offered when a search finds nothing ("Did you mean ..."), at most. */
export const DID_YOU_MEAN_MAX = 3;

export const downloadSizeNames = ["small", "medium", "large", "original"] as const;
export type DownloadSizeName = (typeof downloadSizeNames)[number];

/** Orientations an image list can be narrowed to (`?orientation=`); "square" is within 5% of 1:1. */
export const orientations = ["landscape", "portrait", "square"] as const;
export type Orientation = (typeof orientations)[number];

/**
 * Colours an image list can be narrowed to (`?color=`), each with the swatch the filter shows.
 * An image carries the names that cover a fair share of its palette (server/media/palette.ts).
 */
export const colorSwatches = {
  red: "#dc2626",
  orange: "#f97316",
  yellow: "#facc15",
  green: "#16a34a",
  teal: "#0d9488",
  cyan: "#22d3ee",
  blue: "#2563eb",
  purple: "#7c3aed",
  magenta: "#c026d3",
  pink: "#f472b6",
  brown: "#92400e",
  gray: "#9ca3af",
  black: "#111111",
  white: "#ffffff",
} as const;
export type ColorName = keyof typeof colorSwatches;
export const colorNames = Object.keys(colorSwatches) as [ColorName, ...ColorName[]];
