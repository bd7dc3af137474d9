/**
 * The texts an imported record gets when its source does not say: the defaults of the spec,
 * the one-sentence description, the URL slug, and clean tags.
 */
export const DEFAULT_TITLE = "Untitled";
export const DEFAULT_CATEGORY = "General";
export const DEFAULT_CREATOR = "Unknown Artist";
const MAX_TAG_LENGTH = 50;
const MAX_TAGS = 30;

/** ASCII, lower case, words joined by hyphens; `fallback` when nothing is left. */
export function slugify(title: string, fallback = "image"): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || fallback;
}

/** Trimmed, single-spaced, unique (case-insensitively, first spelling kept), at most 30. */
export function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, " ").trim().slice(0, MAX_TAG_LENGTH).trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result.slice(0, MAX_TAGS);
}

/** Tags given as a list or as one comma-separated string. */
export function splitTags(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (typeof value === "string") return value.split(",");
  return [];
}

function listOf(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * One generated sentence, the same for the same title, tags and category, which reads well
 * whatever the category's grammar ('Ocean', 'Landscapes', 'Digital Art'), e.g. “Harbour at
 * Dusk”, from the Travel collection, features sea, boats and evening, and is free to use for
 * any purpose.
 */
export function describeImage(title: string, tags: string[], category: string): string {
  const subject = title === DEFAULT_TITLE ? "This image" : `“${title}”`;
  const from = category === DEFAULT_CATEGORY ? "" : `, from the ${category} collection,`;
  const shown = tags.slice(0, 3).map((t) => t.toLowerCase());
  // A comma keeps the list's own 'and' apart from the sentence's.
  const featuring = shown.length ? ` features ${listOf(shown)}${shown.length > 1 ? "," : ""} and` : "";
  return `${subject}${from}${featuring} is free to use for any purpose.`;
}

/** How an image was made, as a source gives it; every field optional. */
export interface HowMade {
  model?: string | undefined;
  prompt?: string | undefined;
  negativePrompt?: string | undefined;
  /** The seed, or other generation settings, as text. */
  seed?: string | undefined;
  settings?: string | undefined;
  generatedAt?: Date | undefined;
}

/** The images columns of `howMade`: trimmed, bounded, null where absent or empty. */
export function howMadeColumns(howMade: HowMade | undefined) {
  const text = (value: string | undefined, max: number) => value?.replace(/\r\n?/g, "\n").trim().slice(0, max).trim() || null;
  const date = howMade?.generatedAt;
  return {
    aiModel: text(howMade?.model, 200),
    aiPrompt: text(howMade?.prompt, 4000),
    aiNegativePrompt: text(howMade?.negativePrompt, 4000),
    aiSeed: text(howMade?.seed, 100),
    aiSettings: text(howMade?.settings, 2000),
    generatedAt: date && !Number.isNaN(date.getTime()) ? date : null,
  };
}
