import { describe, expect, it } from "vitest";
import { COLUMN_COUNTS, masonryLayout } from "./masonry";

describe("masonryLayout", () => {
  const ratios = [0.66, 1.5, 0.75, 1, 0.56, 1.33, 0.8, 1.2, 0.66, 1.5, 0.75, 1];

  it("fills the first row left to right, then each image goes under the shortest column", () => {
    const { items } = masonryLayout(ratios);
    expect(items.slice(0, 2).map((item) => item["--c2"])).toEqual(["0", "1"]);
    expect(items.slice(0, 5).map((item) => item["--c5"])).toEqual(["0", "1", "2", "3", "4"]);
    // Column 0 (0.66 tall) is shorter than column 1 (1.5 tall): the third image goes under the first.
    expect(items[2]).toMatchObject({ "--c2": "0", "--y2": "0.66", "--k2": "1" });
  });

  it("never moves placed images when more arrive", () => {
    const first = masonryLayout(ratios.slice(0, 6));
    const more = masonryLayout(ratios);
    expect(more.items.slice(0, 6)).toEqual(first.items);
  });

  it("sizes the container to its tallest column at every column count", () => {
    const { container } = masonryLayout([1, 1, 2]);
    expect(container["--h2"]).toBe("max(calc(3 * var(--colw) + 16px), calc(1 * var(--colw) + 0px))");
    for (const n of COLUMN_COUNTS) expect(container[`--h${n}`]).toMatch(/^max\(/);
    expect(masonryLayout([]).container["--h3"]).toBe("0px");
  });
});
