import { pipeline, type Readable } from "node:stream";
import type { Viewer } from "#contracts/account";
import { imagePath } from "#contracts/catalog";
import type { DownloadSizeName } from "#contracts/catalog-constants";
import { downloadWidths } from "#contracts/engagement";
import { notFound } from "../errors.ts";
import type { StoredDownloads } from "../media/stored-downloads.ts";
import type { ReceiptsService } from "../receipts/receipts-service.ts";
import { attachmentDisposition, downloadFileName } from "../media/download-filename.ts";
import type { DownloadsRepository } from "./downloads-repository.ts";

export interface DownloadFile {
  /** The file's bytes; once the last has passed, the viewer's receipt for them is recorded. */
  stream: Readable;
  size: number;
  /** The name it is saved under, `{Title_with_underscores}.jpg`. */
  fileName: string;
  /** The Content-Disposition header: attachment, saved as `fileName`. */
  disposition: string;
  /** The image's download count with this one. */
  downloads: number;
}

/**
 * Downloads are served by the server as JPEG at the chosen size, each size a file stored
 * when the image was imported (server/media/stored-downloads.ts), and each request counts
 * once: the file is opened first (a missing file counts nothing), then counted, then sent.
 * The bytes sent are hashed on their way out for the receipt.
 */
export function createDownloadsService(deps: {
  downloads: DownloadsRepository;
  files: Pick<StoredDownloads, "open">;
  receipts: Pick<ReceiptsService, "recorder">;
}) {
  const { downloads, files, receipts } = deps;
  async function published(imageId: number) {
    const image = await downloads.published(imageId);
    if (!image) throw notFound("Image");
    return image;
  }

  return {
    /** The image's own page, where a visitor who must sign in first comes back to. */
    async imagePage(imageId: number): Promise<string> {
      const image = await published(imageId);
      return imagePath(image.id, image.slug);
    },

    /** The Content-Disposition a download of the image would have (for HEAD, which counts nothing). */
    async disposition(imageId: number): Promise<string> {
      return attachmentDisposition((await published(imageId)).title);
    },

    async download(viewer: Viewer, imageId: number, size: DownloadSizeName): Promise<DownloadFile> {
      const image = await published(imageId);
      const file = await files.open(image, size === "original" ? undefined : downloadWidths[size]);
      const count = await downloads.count(imageId, size);
      if (count === null) {
        file.stream.destroy();
        throw notFound("Image");
      }
      const recorder = receipts.recorder(viewer, {
        imageId,
        imageTitle: image.title,
        creatorName: image.creator,
        size,
        width: file.width,
        height: file.height,
      });
      // Either side failing (or the visitor leaving) ends both, and no receipt is recorded.
      const stream = pipeline(file.stream, recorder, () => {});
      return { stream, size: file.size, fileName: downloadFileName(image.title), disposition: attachmentDisposition(image.title), downloads: count };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
