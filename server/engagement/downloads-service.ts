import type { Readable } from "node:stream";
import type { DownloadSizeName } from "#contracts/catalog";
import { downloadWidths } from "#contracts/engagement";
import { notFound } from "../errors.ts";
import { jpegDownload } from "../media/download.ts";
import { labelXmp } from "../media/labels.ts";
import type { MediaStorage } from "../media/storage.ts";
import { attachmentDisposition } from "./download-filename.ts";
import type { DownloadsRepository } from "./downloads-repository.ts";

export interface DownloadFile {
  stream: Readable;
  size: number;
  /** The Content-Disposition header: attachment, saved as `{Title_with_underscores}.jpg`. */
  disposition: string;
}

/**
 * Downloads are served by the server as JPEG at the chosen size, and each request counts
 * once: the file is prepared first (a missing file counts nothing), then counted, then sent.
 */
export function createDownloadsService(deps: { downloads: DownloadsRepository; media: MediaStorage; licenseUrl: string }) {
  const { downloads, media, licenseUrl } = deps;
  return {
    /** The Content-Disposition a download of the image would have (for HEAD, which counts nothing). */
    async disposition(imageId: number): Promise<string> {
      const image = await downloads.published(imageId);
      if (!image) throw notFound("Image");
      return attachmentDisposition(image.title);
    },

    async download(imageId: number, size: DownloadSizeName): Promise<DownloadFile> {
      const image = await downloads.published(imageId);
      if (!image) throw notFound("Image");
      const xmp = labelXmp({ title: image.title, creator: image.creator, licenseUrl });
      const file = await jpegDownload(media, image, xmp, size === "original" ? undefined : downloadWidths[size]);
      if (!(await downloads.count(imageId, size))) {
        file.stream.destroy();
        throw notFound("Image");
      }
      return { stream: file.stream, size: file.size, disposition: attachmentDisposition(image.title) };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
