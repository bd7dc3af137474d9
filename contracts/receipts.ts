import { z } from "zod";
import "./zod-config.ts";
import { imageIdParam, imageListQuery, serialId } from "./catalog.ts";
import { downloadSizeNames } from "./catalog-constants.ts";

/**
 * License receipts: one for each file a signed-in person downloaded, visible to them alone.
 *   GET /api/me/receipts?cursor&limit -> ReceiptPage, newest first
 *   GET /api/me/receipts/:id          -> Receipt (404 NOT_FOUND unless it is the viewer's)
 * Both need a session (401 UNAUTHENTICATED otherwise). The page /receipts/{id} prints one.
 */

export const receipt = z.object({
  id: z.number().int().positive(),
  imageId: z.number().int().positive(),
  /** The image's title and creator when it was downloaded. */
  imageTitle: z.string(),
  creator: z.string(),
  size: z.enum(downloadSizeNames),
  /** The delivered file's pixel dimensions and length in bytes. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  /** SHA-256 of the exact bytes delivered, lower-case hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** When the file was delivered, ISO 8601 in UTC. */
  downloadedAt: z.iso.datetime(),
  /** The license in force then: its version, the date of that version, and where it is read. */
  license: z.object({ version: z.number().int().positive(), date: z.iso.date(), url: z.url() }),
});
export type Receipt = z.infer<typeof receipt>;

export const receiptPage = z.object({
  items: z.array(receipt),
  /** Pass back as `cursor` for older receipts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReceiptPage = z.infer<typeof receiptPage>;

/** Receipt ids are serial numbers, read as image ids are. */
export const receiptIdParam = imageIdParam;

export const receiptsQuery = z.object({
  cursor: serialId("cursor").optional(),
  limit: imageListQuery.shape.limit,
});
export type ReceiptsQuery = z.infer<typeof receiptsQuery>;
