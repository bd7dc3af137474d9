import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import type { Viewer } from "#contracts/account";
import type { DownloadSizeName } from "#contracts/catalog-constants";
import { LICENSE } from "#contracts/license";
import type { Receipt, ReceiptPage, ReceiptsQuery } from "#contracts/receipts";
import { notFound } from "../errors.ts";
import type { ReceiptRow, ReceiptsRepository } from "./receipts-repository.ts";

/** What was handed out, as it was then. */
interface Delivery {
  imageId: number;
  imageTitle: string;
  creatorName: string;
  size: DownloadSizeName;
  width: number;
  height: number;
}

function toReceipt(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    imageId: row.imageId,
    imageTitle: row.imageTitle,
    creator: row.creatorName,
    size: row.size as DownloadSizeName,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    sha256: row.sha256,
    downloadedAt: row.createdAt.toISOString(),
    license: { version: row.licenseVersion, date: row.licenseDate, url: row.licenseUrl },
  };
}

/**
 * License receipts (decision 018): a signed-in person's record of each file delivered to
 * them, under the license version in force, readable by that person alone.
 */
export function createReceiptsService(deps: { receipts: ReceiptsRepository; baseUrl: string }) {
  const { receipts } = deps;
  const licenseUrl = new URL(LICENSE.path, deps.baseUrl).href;
  return {
    /**
     * A pass-through for the file's bytes on their way out: it hashes what passes and holds
     * the last chunk back until the receipt is recorded, so that whoever has the whole file
     * can already read its receipt. A delivery that stops early (the visitor cancelled)
     * records nothing.
     */
    recorder(viewer: Viewer, delivery: Delivery): Transform {
      const hash = createHash("sha256");
      let bytes = 0;
      let held: Buffer | undefined;
      return new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          bytes += chunk.length;
          const previous = held;
          held = chunk;
          callback(null, previous);
        },
        flush(callback) {
          receipts
            .insert({
              userId: viewer.id,
              ...delivery,
              bytes,
              sha256: hash.digest("hex"),
              licenseVersion: LICENSE.version,
              licenseDate: LICENSE.date,
              licenseUrl,
            })
            .then(() => callback(null, held), callback);
        },
      });
    },

    async list(viewer: Viewer, query: ReceiptsQuery): Promise<ReceiptPage> {
      const rows = await receipts.page(viewer.id, query.limit + 1, query.cursor);
      const page = rows.slice(0, query.limit);
      return { items: page.map(toReceipt), nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null };
    },

    /** The viewer's receipt; anyone else's is as absent as one that never existed. */
    async get(viewer: Viewer, id: number): Promise<Receipt> {
      const row = await receipts.get(id);
      if (!row || row.userId !== viewer.id) throw notFound("Receipt");
      return toReceipt(row);
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
