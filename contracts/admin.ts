import { z } from "zod";
import "./zod-config.ts";
import { roles, type Role } from "./account.ts";
import type { ImageSummary } from "./catalog.ts";
import type { ReportReason } from "./engagement.ts";
import { storableText, notStorable } from "./text.ts";

/** The admin area's inputs (its pages' queries and forms) and what its pages show. */

/** Published images are in the gallery; hidden ones are nowhere but here (moderation). */
export const imageStatuses = ["published", "hidden"] as const;
export type ImageStatus = (typeof imageStatuses)[number];

/**
 * Why an image needs an admin's review, as a code the images tab says in its language
 * (`images.review.<code>`), with what its words name: `unreadable` {damage} (a
 * contracts/credentials-damage.ts code), `invalid` {failures} (the C2PA failure codes, ", "
 * between them; empty: none given), `capture`, `tooLarge` {size, limit} (KB).
 */
export interface ReviewReason {
  code: "unreadable" | "invalid" | "capture" | "tooLarge";
  values: Record<string, string | number>;
}

/**
 * An image as admins see it: any status, and why it needs their review (its upload's Content
 * Credentials were invalid, or said it is a camera capture); null: nothing to review.
 */
export type AdminImage = ImageSummary & { status: ImageStatus; review: ReviewReason[] | null };

/** An account as admins manage it (the accounts tab, the admin command). */
export interface ManagedAccount {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabledAt: Date | null;
  creatorId: number | null;
  createdAt: Date;
}

/** An open report as the moderation queue lists it. */
export interface OpenReport {
  id: number;
  imageId: number;
  title: string;
  imageStatus: ImageStatus;
  reason: ReportReason;
  details: string;
  reporterName: string | null;
  reporterEmail: string | null;
  createdAt: Date;
  /** Open reports on the same image, this one included. */
  openOnImage: number;
}

/** A report in the moderation queue, with its image as admins see it. */
export type QueuedReport = OpenReport & { image: AdminImage };

export const ADMIN_SEARCH_MAX = 200;
export const MODERATION_REASON_MAX = 500;

const searchText = z.string().trim().max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`).refine(storableText, notStorable("Search")).catch("");
/** A page's cursor from the URL; anything else shows the first page. */
const cursor = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);
const id = (what: string) => z.coerce.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).positive(`${what} must be positive`).max(2_147_483_647, `${what} is too large`);
const reason = z
  .string()
  .trim()
  .max(MODERATION_REASON_MAX, `Reason must be at most ${MODERATION_REASON_MAX} characters`)
  .refine(storableText, notStorable("Reason"))
  .optional()
  .transform((text) => text || undefined);

/** /admin/images?q=&status=&before=: text in the title, creator or tags; a status, those that need review, or all. */
export const adminImagesQuery = z.object({
  q: searchText,
  status: z.enum(["all", ...imageStatuses, "review"]).catch("all"),
  before: cursor,
});
export type AdminImagesQuery = z.infer<typeof adminImagesQuery>;

/** /admin/moderation?after=: the open reports after this one. */
export const moderationQuery = z.object({ after: cursor });

/** /admin/accounts?q=&page=. */
export const accountsQuery = z.object({ q: searchText, page: z.coerce.number().int().positive().max(100_000).catch(1) });

/** What an admin does to an image or a report (the moderation queue's and the images tab's forms). */
export const moderationInput = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("hide"), imageId: id("Image id"), reason }),
    z.object({ intent: z.literal("restore"), imageId: id("Image id") }),
    z.object({ intent: z.literal("dismiss"), reportId: id("Report id"), reason }),
  ],
  { error: "Unknown action" },
);

/** What an admin does to an account (the accounts tab's forms). */
export const accountInput = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("role"), accountId: z.string().min(1, "Account id is missing"), role: z.enum(roles, { error: "Role must be member, creator or admin" }) }),
    z.object({ intent: z.enum(["disable", "enable"]), accountId: z.string().min(1, "Account id is missing") }),
  ],
  { error: "Unknown action" },
);

/** How many words a group of synonyms has (the service refuses others; /admin/search says so in its language). */
export const SYNONYM_GROUP = { min: 2, max: 12 } as const;

/** What an admin does to search's synonyms (/admin/search): add a group ("sea, ocean"), or remove one. */
export const synonymsInput = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), words: z.string().trim().min(1, "Give the words that mean the same, separated by commas").max(500, "At most 500 characters") }),
    z.object({ intent: z.literal("remove"), groupId: id("Group id") }),
  ],
  { error: "Unknown action" },
);
