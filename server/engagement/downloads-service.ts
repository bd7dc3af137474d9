import { pipeline, type Readable } from "node:stream";
import type { Viewer } from "#contracts/account";
import { imagePath } from "#contracts/catalog";
import type { DownloadSizeName } from "#contracts/catalog-constants";
import { downloadWidths, scaledHeight } from "#contracts/engagement";
import { notFound } from "../errors.ts";
import { jpegDownload } from "../media/download.ts";
import { labelXmp } from "../media/labels.ts";
import type { MediaStorage } from "../media/storage.ts";
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
 * Downloads are served by the server as JPEG at the chosen size, and each request counts
 * once: the file is prepared first (a missing file counts nothing), then counted, then sent.
 * The bytes sent are hashed on their way out, whatever produced them, for the receipt.
 */
export function createDownloadsService(deps: {
  downloads: DownloadsRepository;
  media: MediaStorage;
  licenseUrl: string;
  receipts: Pick<ReceiptsService, "recorder">;
}) {
  const { downloads, media, licenseUrl, receipts } = deps;
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
      const xmp = labelXmp({ title: image.title, creator: image.creator, licenseUrl });
      const file = await jpegDownload(media, image, xmp, size === "original" ? undefined : downloadWidths[size]);
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
        height: scaledHeight(image.width, image.height, file.width),
      });
      // Either side failing (or the visitor leaving) ends both, and no receipt is recorded.
      const stream = pipeline(file.stream, recorder, () => {});
      return { stream, size: file.size, fileName: downloadFileName(image.title), disposition: attachmentDisposition(image.title), downloads: count };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
