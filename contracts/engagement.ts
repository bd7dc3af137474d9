import { z } from "zod";

/**
 * Likes, downloads and reports.
 *   PUT    /api/images/:id/like      -> LikeState   (like; repeating it changes nothing)
 *   DELETE /api/images/:id/like      -> LikeState   (unlike; without a like changes nothing)
 *   GET    /api/images/:id/download?size=small|medium|large|original  -> the JPEG file
 *   POST   /api/images/:id/reports   body ReportInput -> 201 { ok: true }
 *   GET    /api/me/likes             -> ImagePage of the viewer's liked images, newest like first
 * Like and download need a session (401 UNAUTHENTICATED otherwise); reports may be anonymous.
 */

export interface LikeState {
  imageId: number;
  liked: boolean;
  /** The stored count after the change: the number of users who like the image. */
  likes: number;
}

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
      .default(""),
  })
  .refine((r) => r.reason !== "other" || r.details.length > 0, {
    message: "Please describe the problem",
    path: ["details"],
  });
export type ReportInput = z.infer<typeof reportInput>;
