/** Searches offered under a list's count ("Related searches"), at most. */
export const RELATED_SEARCHES_MAX = 8;

const key = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * "Related searches" for a list: the tags most common among its first results (each image's
 * tags as the page already carries them, so no further query), most images first and, between
 * equals, the tag of the better-ranked image first. The searched text itself (and the tag of a
 * tag page) is left out, whatever its case.
 */
export function relatedSearches(results: ReadonlyArray<{ tags: readonly string[] }>, searched: ReadonlyArray<string | null | undefined>): string[] {
  const left = new Set(searched.flatMap((text) => (text ? [key(text)] : [])));
  const counted = new Map<string, { tag: string; images: number; first: number }>();
  results.forEach((result, at) => {
    for (const tag of new Set(result.tags.map(key))) {
      if (!tag || left.has(tag)) continue;
      const seen = counted.get(tag);
      if (seen) seen.images++;
      else counted.set(tag, { tag: result.tags.find((t) => key(t) === tag)!, images: 1, first: at });
    }
  });
  return [...counted.values()]
    .sort((a, b) => b.images - a.images || a.first - b.first)
    .slice(0, RELATED_SEARCHES_MAX)
    .map((entry) => entry.tag);
}
