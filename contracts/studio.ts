import { z } from "zod";
import "./zod-config.ts";
import { imageIdParam } from "./catalog.ts";
import { notStorable, storableText } from "./text.ts";

/**
 * Creators' own images: uploads and edits (server/studio/, decision 023).
 *   POST /api/uploads   body: the file's bytes; header `X-Upload-Fields`: encodeURIComponent(JSON of
 *                       UploadInput) -> 202 UploadStatus (queued: the job queue imports it)
 *   GET  /api/uploads   -> { uploads: UploadStatus[] } the viewer's latest uploads, newest first
 *   PUT  /api/me/avatar body: a picture -> AvatarAnswer: the creator page's avatar, cropped square
 * Creators and admins only (401 signed out, 403 members). A file that is not an image, over
 * UPLOAD_MAX_PIXELS, longer than JPEG_MAX_SIDE or over UPLOAD_MAX_MB is refused at once (415 /
 * 413) and nothing is kept.
 */

/** The longest side a JPEG holds (every download is one): no image longer is taken, whatever UPLOAD_MAX_PIXELS. */
export const JPEG_MAX_SIDE = 65_535;

/** A pixel count as the upload form and the server's refusals say it: `100 megapixels`. */
export const megapixels = (pixels: number) => `${(pixels / 1e6).toLocaleString("en")} megapixels`;

export const UPLOADS_PATH = "/api/uploads";
export const UPLOAD_FIELDS_HEADER = "x-upload-fields";

const text = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .refine(storableText, notStorable(name))
    .default("");

/**
 * An image's words, as a creator gives them at upload and edits them after (empty title and
 * category: the defaults 'Untitled' and 'General'; model and prompt, how it was made: optional).
 */
export const imageFieldsInput = z.object({
  title: text("Title", 200),
  /** Comma-separated. */
  tags: text("Tags", 1000),
  category: text("Category", 60),
  description: text("Description", 1000),
  model: text("Model", 200),
  prompt: text("Prompt", 2000),
});
export type ImageFieldsInput = z.infer<typeof imageFieldsInput>;

export const uploadInput = imageFieldsInput.extend({
  fileName: z.string().trim().min(1, "The file needs a name").max(255, "File name must be at most 255 characters").refine(storableText, notStorable("File name")),
});
export type UploadInput = z.infer<typeof uploadInput>;

export const uploadStatuses = ["queued", "processing", "done", "failed"] as const;
export type UploadState = (typeof uploadStatuses)[number];

/**
 * Why a queued upload failed, as a code that pages say in their language (the studio's
 * `studio.failure.<code>`), with what its words name: `duplicate` {image}, `damaged` {detail},
 * `creatorRemoved`, `fileMissing`, `failed` (an error with no words for users).
 */
export const uploadFailures = ["duplicate", "creatorRemoved", "fileMissing", "damaged", "failed"] as const;
export const uploadFailure = z.object({
  code: z.enum(uploadFailures),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type UploadFailure = z.infer<typeof uploadFailure>;

export const uploadStatus = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(uploadStatuses),
  /** Why it failed, for the uploader, in English. */
  reason: z.string().nullable(),
  /** Why it failed, by code; null when it has none (other refusals, and uploads that failed before codes were kept): then `reason` says it. */
  failure: uploadFailure.nullable(),
  /** The image, once imported. */
  image: z.object({ id: z.number().int().positive(), slug: z.string(), title: z.string(), thumbnail: z.string() }).nullable(),
  createdAt: z.string(),
});
export type UploadStatus = z.infer<typeof uploadStatus>;

export const uploadList = z.object({ uploads: z.array(uploadStatus) });

export const AVATAR_PATH = "/api/me/avatar";
export const avatarAnswer = z.object({ avatarUrl: z.string() });

/** What the edit page shows and changes. */
export interface EditableImage {
  id: number;
  slug: string;
  title: string;
  tags: string[];
  category: string;
  description: string;
  /** How it was made: "" when not given. */
  model: string;
  prompt: string;
  thumbnail: string;
  creator: string;
  status: "published" | "hidden";
}

/** How often an image, or all of a creator's, was seen, downloaded and liked (likes: as they stand). */
export interface StudioCounts {
  views: number;
  downloads: number;
  likes: number;
}

/** One day (UTC, YYYY-MM-DD) of a creator's images: likes are those given less those taken back. */
export interface StudioDay extends StudioCounts {
  day: string;
}

/** How many days of numbers "Your images" draws. */
export const STUDIO_DAYS = 30;

/** "Your images": an account's images with their counts, the totals, the last STUDIO_DAYS days, and the uploads still under way or failed. */
export interface StudioPage {
  images: Array<Pick<EditableImage, "id" | "slug" | "title" | "thumbnail" | "status"> & StudioCounts>;
  totals: StudioCounts;
  days: StudioDay[];
  uploads: UploadStatus[];
}

/** The delete form of "Your images" and of the edit page. */
export const deleteImageInput = z.object({ id: imageIdParam });
