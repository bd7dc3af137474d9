import { describe, expect, it } from "vitest";
import { relatedSearches } from "./related-searches.ts";

describe("related searches", () => {
  it("offers the tags most common among the results, most images first, never the searched text", () => {
    const results = [
      { tags: ["Mountain", "fog", "dawn"] },
      { tags: ["mountain", "lake", "fog"] },
      { tags: ["lake", "fog", "Dawn"] },
      { tags: ["forest"] },
    ];
    expect(relatedSearches(results, ["mountain "])).toEqual(["fog", "dawn", "lake", "forest"]);
  });

  it("leaves out a tag page's own tag and a corrected search's text, and offers at most 8", () => {
    const tags = Array.from({ length: 12 }, (_, i) => `tag ${i}`);
    const results = [{ tags: ["Sea", "boats", ...tags] }, { tags: ["sea", "boats"] }];
    const related = relatedSearches(results, ["see", "sea", null]);
    expect(related).toHaveLength(8);
    expect(related[0]).toBe("boats");
    expect(related).not.toContain("Sea");
  });

  it("offers nothing for no results", () => {
    expect(relatedSearches([], ["anything"])).toEqual([]);
  });
});
