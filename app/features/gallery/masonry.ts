/**
 * The masonry layout, computed once for every column count the page can show (2 / 3 / 4 / 5,
 * chosen by CSS media queries at the spec's widths). Each image goes to the column that is
 * shortest so far, measured in column widths, so the placement depends only on the images'
 * aspect ratios: the server and the browser compute the same one, and images appended later
 * never move the ones already placed. CSS turns these numbers into positions (app.css, .masonry).
 */
export const COLUMN_COUNTS = [2, 3, 4, 5] as const;
export const GAP_PX = 16;
/** A typical column width per column count, to weigh the fixed gap against image heights. */
const TYPICAL_COLUMN_PX: Record<(typeof COLUMN_COUNTS)[number], number> = { 2: 180, 3: 240, 4: 260, 5: 290 };

interface MasonryLayout {
  /** CSS custom properties per image: column (--cN), heights above in column widths (--yN), images above (--kN). */
  items: Array<Record<string, string>>;
  /** The container's height per column count, as CSS custom properties --hN. */
  container: Record<string, string>;
}

const round = (value: number) => String(Math.round(value * 10000) / 10000);

export function masonryLayout(ratios: number[]): MasonryLayout {
  const items: Array<Record<string, string>> = ratios.map((ratio) => ({ "--r": round(ratio) }));
  const container: Record<string, string> = {};
  for (const n of COLUMN_COUNTS) {
    const gap = GAP_PX / TYPICAL_COLUMN_PX[n];
    const heights = Array.from({ length: n }, () => 0);
    const counts = Array.from({ length: n }, () => 0);
    ratios.forEach((ratio, i) => {
      const column = heights.indexOf(Math.min(...heights));
      Object.assign(items[i]!, {
        [`--c${n}`]: String(column),
        [`--y${n}`]: round(heights[column]! - counts[column]! * gap),
        [`--k${n}`]: String(counts[column]),
      });
      heights[column]! += ratio + gap;
      counts[column]! += 1;
    });
    const columnHeights = heights
      .map((height, c) => ({ y: height - counts[c]! * gap, k: counts[c]! }))
      .filter((column) => column.k > 0)
      .map((column) => `calc(${round(column.y)} * var(--colw) + ${Math.max(0, column.k - 1) * GAP_PX}px)`);
    container[`--h${n}`] = columnHeights.length ? `max(${columnHeights.join(", ")})` : "0px";
  }
  return { items, container };
}
