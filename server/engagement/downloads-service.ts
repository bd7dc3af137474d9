import type { Readable } from "node:stream";
import { imagePath, type DownloadSizeName } from "#contracts/catalog";
import { downloadWidths } from "#contracts/engagement";
import { notFound } from "../errors.ts";
import { jpegDownload } from "../media/download.ts";
import type { MediaStorage } from "../media/storage.ts";
import { attachmentDisposition } from "./download-filename.ts";
import type { DownloadsRepository } from "./downloads-repository.ts";

export interface DownloadFile {
  stream: Readable;
  size: number;
  /** The Content-Disposition header: attachment, saved as `{Title_with_underscores}.jpg`. */
  disposition: string;
  /** The image's download count with this one. */
  downloads: number;
}

/**
 * Downloads are served by the server as JPEG at the chosen size, and each request counts
 * once: the file is prepared first (a missing file counts nothing), then counted, then sent.
 */
export function createDownloadsService(deps: { downloads: DownloadsRepository; media: MediaStorage }) {
  const { downloads, media } = deps;
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

    async download(imageId: number, size: DownloadSizeName): Promise<DownloadFile> {
      const image = await published(imageId);
      const file = await jpegDownload(media, image, size === "original" ? undefined : downloadWidths[size]);
      const count = await downloads.count(imageId, size);
      if (count === null) {
        file.stream.destroy();
        throw notFound("Image");
      }
      return { stream: file.stream, size: file.size, disposition: attachmentDisposition(image.title), downloads: count };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
