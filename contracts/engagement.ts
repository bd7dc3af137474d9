import { z } from "zod";
import "./zod-config.ts";
import { notStorable, storableText } from "./text.ts";
import { imageListQuery, type DownloadSize } from "./catalog.ts";
import { downloadSizeNames, type DownloadSizeName } from "./catalog-constants.ts";

/**
 * Likes, downloads and reports.
 *   PUT    /api/images/:id/like      -> LikeState   (like; repeating it changes nothing)
 *   DELETE /api/images/:id/like      -> LikeState   (unlike; without a like changes nothing)
 *   GET    /api/images/:id/download?size=small|medium|large|original  -> the JPEG file
 *   POST   /api/images/:id/reports   body ReportInput -> 201 { ok: true }
 *   GET    /api/me/likes             -> ImagePage of the viewer's liked images, newest like first
 * Like and download need a session (401 UNAUTHENTICATED otherwise); reports may be anonymous.
 * An unknown or hidden image is a 404 NOT_FOUND for every one of them.
 * Download: `size` defaults to original; the file is `{Title_with_underscores}.jpg`; each
 *   request counts one (anonymous) download, and its answer sets the cookie
 *   `downloadedCookie(id)` to the image's new download count, for the page to show. A
 *   browser navigating there without a session (Accept prefers text/html: a middle click,
 *   no JavaScript) is redirected (303) to sign in, and back to the image's page afterwards.
 * Reports: a signed-in user reports an image once (a second report is 409 CONFLICT with a
 *   message to show); anonymous reports are limited to a few per hour per network
 *   (429 RATE_LIMITED with `retryAfter` seconds and a message saying when to retry).
 */

export const likeState = z.object({
  imageId: z.number().int().positive(),
  liked: z.boolean(),
  /** The stored count after the change: the number of users who like the image. */
  likes: z.number().int().nonnegative(),
});
export type LikeState = z.infer<typeof likeState>;

export const reportReasons = ["offensive", "copyright", "real_person", "spam", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  offensive: "Offensive or inappropriate",
  copyright: "Copyright or trademark violation",
  real_person: "Depicts a real person",
  spam: "Spam or misleading",
  other: "Something else",
};

export const REPORT_DETAILS_MAX = 1000;

export const reportInput = z
  .object({
    reason: z.enum(reportReasons, { error: "reason must be one of " + reportReasons.join(", ") }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, `details must be at most ${REPORT_DETAILS_MAX} characters`)
      .refine(storableText, notStorable("details"))
      .default(""),
  })
  .refine((r) => r.reason !== "other" || r.details.length > 0, {
    message: "Please describe the problem",
    path: ["details"],
  });
export type ReportInput = z.infer<typeof reportInput>;

/** Widths of the smaller download sizes, each never wider than the original; `original` is the full size. */
export const downloadWidths: Record<Exclude<DownloadSizeName, "original">, number> = {
  small: 640,
  medium: 1280,
  large: 1920,
};

/** The height of an image `width` × `height` scaled to `toWidth` pixels wide, as sharp scales it. */
export function scaledHeight(width: number, height: number, toWidth: number): number {
  return Math.max(1, Math.round((height * toWidth) / width));
}

/** The sizes offered for an image `width` × `height`, smallest first: those narrower than the original, then the original. */
export function downloadSizes(width: number, height: number): DownloadSize[] {
  const smaller = (Object.entries(downloadWidths) as Array<[DownloadSizeName, number]>)
    .filter(([, w]) => w < width)
    .map(([name, w]) => ({ name, width: w, height: scaledHeight(width, height, w) }));
  return [...smaller, { name: "original", width, height }];
}

export const downloadQuery = z.object({
  size: z
    .enum(downloadSizeNames, { error: `size must be one of ${downloadSizeNames.join(", ")}` })
    .default("original"),
});

/** GET /api/me/likes: a page of the viewer's liked images. */
export const likedImagesQuery = imageListQuery.pick({ cursor: true, limit: true });
