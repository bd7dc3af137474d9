import { z } from "zod";
import "./zod-config.ts";
import { imageCredentials } from "./credentials.ts";
import { colorNames, downloadSizeNames, orientations, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, Q_MAX_LENGTH, SUGGESTIONS_MIN_CHARS, TAG_MAX_LENGTH } from "./catalog-constants.ts";
import { notStorable, storableText } from "./text.ts";

/**
 * The catalog as the app and the JSON API see it. Server code produces these shapes;
 * app code renders them. Query schemas are parsed on the server (400 naming the
 * parameter on failure) and reused by the client to build URLs.
 */

/**
 * The answers are Zod schemas too, and their types are inferred from them, so that the
 * OpenAPI document (server/openapi/) is generated from the same source. Nothing here calls
 * `.meta()`: that would register the schema globally and keep Zod in every page's bundle.
 */

/** One <source> of a <picture>: every width of one format. */
export const imageSource = z.object({
  type: z.enum(["image/avif", "image/webp", "image/jpeg"]),
  srcset: z.string(),
});
export type ImageSource = z.infer<typeof imageSource>;

export const creatorRef = z.object({ name: z.string(), avatarUrl: z.string().nullable() });
export type CreatorRef = z.infer<typeof creatorRef>;

/** What a card needs, and what the overlay shows before its details arrive. */
const summaryShape = {
  id: z.number().int().positive(),
  /** /images/{id}-{slug}: the image's own, shareable page. */
  path: z.string(),
  title: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Dominant colour, #rrggbb. */
  color: z.string(),
  /** Thumbhash, base64: decoded on the client into a blurred placeholder. */
  placeholder: z.string(),
  sources: z.array(imageSource),
  /** A JPEG of moderate width for <img src> and for Open Graph. */
  src: z.string(),
  creator: creatorRef,
  tags: z.array(z.string()),
  likes: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
  /** Whether the signed-in viewer likes it; false for anonymous visitors. */
  liked: z.boolean(),
};
export const imageSummary = z.object(summaryShape);
export type ImageSummary = z.infer<typeof imageSummary>;

/**
 * An image's like and download counts as they are now: the answer to the view the page counts
 * when an image opens (POST /api/images/:id/views), so that a page kept for anonymous visitors,
 * whose counts may be older (decision 015), shows them fresh.
 */
export const imageCounts = z.object({
  imageId: z.number().int().positive(),
  likes: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
});
export type ImageCounts = z.infer<typeof imageCounts>;

/** How an image was made, as its source said: each field null when not known. */
export const howItWasMade = z.object({
  /** The model, e.g. 'Stable Diffusion XL 1.0'. */
  model: z.string().nullable(),
  prompt: z.string().nullable(),
  negativePrompt: z.string().nullable(),
  seed: z.string().nullable(),
  /** Other generation settings as the source wrote them, e.g. 'steps 30, CFG 7, 1024 × 1024'. */
  settings: z.string().nullable(),
  /** ISO 8601, UTC. */
  generatedAt: z.string().nullable(),
});
export type HowItWasMade = z.infer<typeof howItWasMade>;

export const downloadSize = z.object({ name: z.enum(downloadSizeNames), width: z.number().int().positive(), height: z.number().int().positive() });
export type DownloadSize = z.infer<typeof downloadSize>;

// Spelled out rather than `imageSummary.extend()`, which bundlers must keep as a possible side effect.
export const imageDetail = z.object({
  ...summaryShape,
  description: z.string(),
  category: z.string(),
  /** 'W × H' */
  resolution: z.string(),
  /** Size of the original in MB with one decimal, e.g. '2.5MB'; '< 0.1MB' under 0.05 MB. */
  fileSize: z.string(),
  /** The original's size in bytes (`fileSize` as a number, for other languages' digits and units). */
  fileBytes: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** At most RELATED_MAX images sharing tags, creator or category. */
  related: z.array(imageSummary),
  /** Sizes offered for download, smallest first. */
  downloadSizes: z.array(downloadSize),
  /** "How it was made", or null when the source said nothing of it. */
  howMade: howItWasMade.nullable(),
  /** Its downloads' Content Credentials: who signs them, the AI tool they name, when they were signed. */
  credentials: imageCredentials,
});
export type ImageDetail = z.infer<typeof imageDetail>;

export const imagePage = z.object({
  items: z.array(imageSummary),
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * How many images match a text search (`q`) in all, counted up to SEARCH_TOTAL_MAX (SEARCH_TOTAL_MAX + 1:
   * more than that); given on its first page (no cursor), else null.
   */
  total: z.number().int().nonnegative().nullable(),
  /** On the first page of a search that found nothing: the tags closest to its text (at most DID_YOU_MEAN_MAX). */
  didYouMean: z.array(z.string()).optional(),
  /**
   * On the first page of a search or a tag's list: the tags most common among its results, the
   * searched text and the tag itself left out (at most 8), to search for next.
   */
  relatedSearches: z.array(z.string()).optional(),
  /**
   * When a word of `q` matched nothing and was read as the closest word of the catalog: the text
   * searched instead ("Showing results for"). Ask again with `asTyped=1` for the text as typed.
   */
  correctedQuery: z.string().optional(),
});
export type ImagePage = z.infer<typeof imagePage>;

/** A creator's totals over their published images. */
const creatorTotalsShape = {
  uploads: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
};

export const creatorPage = z.object({
  name: z.string(),
  avatarUrl: z.string().nullable(),
  ...creatorTotalsShape,
  images: imagePage,
});
export type CreatorPage = z.infer<typeof creatorPage>;

/**
 * A creator's totals as they are now (GET /api/creators/:name/totals): a creator page kept for
 * anonymous visitors, whose totals may be older (decision 015), shows them fresh.
 */
export const creatorTotals = z.object({ name: z.string(), ...creatorTotalsShape });
export type CreatorTotals = z.infer<typeof creatorTotals>;

/** GET /api/tags/random and /api/tags/suggestions. */
export const tagList = z.object({ tags: z.array(z.string()) });
/** The week's popular searches (GET /api/searches/popular), most made first. */
export const popularSearches = z.object({ searches: z.array(z.string()) });
export type PopularSearches = z.infer<typeof popularSearches>;


const trimmedOptional = (max: number, name: string) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .refine(storableText, notStorable(name))
    .optional()
    .transform((value) => (value ? value : undefined));

/** Narrow any image list (all, a tag, a search, a creator): combinable with each other and with `tag` or `q`. */
export const listFilters = z.object({
  orientation: z.enum(orientations, { error: `orientation must be one of ${orientations.join(", ")}` }).optional(),
  color: z.enum(colorNames, { error: `color must be one of ${colorNames.join(", ")}` }).optional(),
});
export type ListFilters = z.infer<typeof listFilters>;

/** `asTyped=1`: search the text as typed, without reading a word that matches nothing as the closest word of the catalog. */
const asTypedFlag = z
  .literal("1")
  .optional()
  .catch(undefined)
  .transform((value) => (value ? true : undefined));

/**
 * Where a page of a list of images starts (the gallery's lists, a search, a person's likes, a
 * collection): after this row of this search rank (0 outside text search).
 */
export interface ListPosition {
  rank: number;
  /** created_at in UTC with microseconds, as `YYYY-MM-DDTHH:MI:SS.US`. */
  ts: string;
  id: number;
}

/** Ranks of a text search (server/search/search-query.ts): a cursor's rank is below it. */
export const SEARCH_RANKS = 5;

const CURSOR_TEXT = /^(\d)\.(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})\.(\d{1,10})$/;

/** The opaque cursor a page's `nextCursor` carries: base64url of `rank.created_at.id`. */
export function encodeListCursor({ rank, ts, id }: ListPosition): string {
  return btoa(`${rank}.${ts}.${id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether `ts` (`YYYY-MM-DDTHH:MM:SS.ffffff`) is a moment PostgreSQL stores: a real day (no 31 February) of a year from 1. */
function realTimestamp(ts: string): boolean {
  const date = new Date(`${ts.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().slice(0, 19) === ts.slice(0, 19);
}

/** The position a cursor stands for, or undefined when this server did not give it out. */
function decodeListCursor(cursor: string): ListPosition | undefined {
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return undefined; // (a length base64 never has)
  }
  const match = CURSOR_TEXT.exec(text);
  if (!match || !realTimestamp(match[2]!)) return undefined;
  const position = { rank: Number(match[1]), ts: match[2]!, id: Number(match[3]) };
  return position.rank < SEARCH_RANKS && position.id <= INT4_MAX ? position : undefined;
}

/**
 * Every list's cursor, decoded and checked before any service sees it: a real day in
 * PostgreSQL's range, a search rank, an id within PostgreSQL's integer.
 */
export const listCursor = z
  .string({ error: "cursor must be given once, as text" })
  .regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor is not one this server gave out")
  .transform((cursor, ctx) => {
    const position = decodeListCursor(cursor);
    if (position) return position;
    ctx.addIssue({ code: "custom", message: "cursor is not one this server gave out" });
    return z.NEVER;
  });

export const imageListQuery = z.object({
  cursor: listCursor.optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
  /** Case-insensitive exact tag match; wins over q. */
  tag: trimmedOptional(TAG_MAX_LENGTH, "tag"),
  /**
   * Words in any order, each in the title, a tag, the description, the prompt or the creator's
   * name; "quoted words" as a phrase; stems, accents and case aside (decision 028).
   */
  q: trimmedOptional(Q_MAX_LENGTH, "q"),
  asTyped: asTypedFlag,
  ...listFilters.shape,
});
export type ImageListQuery = z.infer<typeof imageListQuery>;

/**
 * The gallery page's `tag` and `q`, from a URL anyone may write: a text longer than the API
 * takes never fails the page. `q` is cut to its limit (a shorter search); a longer `tag` is
 * kept, and matches nothing, as no tag is that long.
 */
export const galleryPageQuery = z.object({
  tag: z.string().trim().optional().transform((value) => value || undefined),
  q: z
    .string()
    .trim()
    .optional()
    .transform((value) => value?.slice(0, Q_MAX_LENGTH).trim() || undefined),
  asTyped: asTypedFlag,
  ...listFilters.shape,
});

export const suggestionsQuery = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(SUGGESTIONS_MIN_CHARS, `q must be at least ${SUGGESTIONS_MIN_CHARS} characters`)
    .max(TAG_MAX_LENGTH, `q must be at most ${TAG_MAX_LENGTH} characters`)
    .refine(storableText, notStorable("q")),
});

/** PostgreSQL's `integer`, the type of every serial id. */
export const INT4_MAX = 2_147_483_647;

/**
 * An id as the site writes it: a canonical decimal, `^[1-9][0-9]*$`, within PostgreSQL's
 * integer. `0x10`, `+16`, `16.0`, `016` or ` 16` are not image 16: they are refused.
 */
export const serialId = (name: string) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .regex(/^[1-9][0-9]*$/, `${name} must be a positive whole number in decimal digits, without sign or leading zeros`)
    .refine((value) => value.length <= 10 && Number(value) <= INT4_MAX, `${name} is out of range`)
    .transform(Number);

export const imageIdParam = serialId("id");

export const creatorNameParam = z
  .string()
  .trim()
  .min(1, "name is required")
  .max(200, "name must be at most 200 characters")
  .refine(storableText, notStorable("name"));

/** The path of an image's own page, /images/{id}-{slug}. */
export function imagePath(id: number, slug: string): string {
  return `/images/${id}-${slug}`;
}

/** The id of an `{id}-{slug}` path segment (an image's, a collection's); the slug is cosmetic, the id decides. */
export function parseIdSegment(segment: string): number | null {
  const match = /^(\d{1,10})(?:-|$)/.exec(segment);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
