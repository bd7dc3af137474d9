import type { Readable } from "node:stream";
import { imagePath } from "#contracts/catalog";
import type { DownloadFiles } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { renderDownloads, type DownloadFinisher } from "./download.ts";
import type { Imaging } from "./image-pool.ts";
import { sha256 } from "./keys.ts";
import { DIGITAL_SOURCE_TYPE, labelXmp } from "./labels.ts";
import { newFileBy, withNewFile } from "./local-files.ts";
import type { LabelledImage, MediaRepository } from "./media-repository.ts";
import type { MediaStorage } from "./storage.ts";
import { removeObjects, storingAsMade } from "./variants.ts";

/** What an image's downloads are made from. */
type DownloadableImage = Pick<
  LabelledImage,
  "id" | "slug" | "title" | "creator" | "aiModel" | "width" | "height" | "originalKey" | "originalFormat" | "downloadFiles" | "parentCredentials"
>;

interface StoredDownload {
  stream: Readable;
  size: number;
  width: number;
  height: number;
}

/**
 * Downloads as stored files (decision 026): each size of an image, the original included, is
 * rendered once, when the image is imported, and kept in the media storage (`d/…`, named by
 * the bytes' sha256), so every download of a size is the same bytes (its receipt's hash keeps
 * holding) and a download only streams a file. An image imported before has its files made on
 * its first download, once: concurrent downloads of it on this instance wait for the same
 * render, and instances that race keep the first one stored. All rendering runs in the image
 * pool, and each file is signed with the site's Content Credentials as it is made.
 */
export function createStoredDownloads(deps: {
  media: MediaStorage;
  repository: Pick<MediaRepository, "replaceDownloadFiles" | "downloadFiles" | "unreferencedKeys" | "parentCredentials">;
  imaging: Imaging;
  licenseUrl: string;
}) {
  const { media, repository, imaging, licenseUrl } = deps;
  const inFlight = new Map<string, Promise<DownloadFiles>>();

  const xmpOf = (image: Pick<DownloadableImage, "title" | "creator">) => labelXmp({ title: image.title, creator: image.creator, licenseUrl });
  /** What the Content Credentials of `image`'s files say, but whether each is resized. */
  const factsOf = (image: DownloadableImage) => ({
    title: image.title,
    creator: image.creator,
    digitalSourceType: DIGITAL_SOURCE_TYPE,
    model: image.aiModel,
    licenseUrl,
    pageUrl: new URL(imagePath(image.id, image.slug), licenseUrl).href,
  });
  /**
   * What the files of `image` are made of (its kept original, what they carry, the certificate
   * they are signed with, and the credentials its upload came with, when it came with any: the
   * files of images without keep their label), as the label its stored files are checked against.
   */
  const labelOf = async (image: DownloadableImage) =>
    sha256(
      Buffer.from(
        JSON.stringify([image.originalKey, xmpOf(image), factsOf(image), await imaging.signer.fingerprint(), ...(image.parentCredentials ? [image.parentCredentials] : [])]),
      ),
    );

  async function make(image: DownloadableImage, label: string): Promise<DownloadFiles> {
    const parent = image.parentCredentials ? await repository.parentCredentials(image.id) : null;
    const signedAt = new Date().toISOString();
    // Rendered from a work copy of the original, each file stored as soon as it is signed.
    const { made: entries, written } = await imaging.pool.run(async () => {
      const original = await media.read(image.originalKey);
      if (!original) throw new AppError("NOT_FOUND", "The image file is missing");
      const facts = { ...factsOf(image), signedAt };
      const factsAt = (width: number) => ({ ...facts, resized: width < image.width });
      const sign: DownloadFinisher = {
        bytes: (jpeg, width) => imaging.signer.sign(jpeg, factsAt(width), parent),
        file: (path, width) => newFileBy(imaging.scratchDir, (out) => imaging.signer.signFile(path, out, factsAt(width), parent)),
      };
      return withNewFile(imaging.scratchDir, original.stream, (file) =>
        storingAsMade(media, (store) => renderDownloads(file, image, xmpOf(image), imaging.scratchDir, sign, store)),
      );
    });
    const files: DownloadFiles = { label, signedAt, files: entries };
    if (await repository.replaceDownloadFiles(image.id, image.downloadFiles, files)) {
      const old = image.downloadFiles?.files.map((f) => f.key).filter((key) => !files.files.some((f) => f.key === key)) ?? [];
      await removeObjects(media, await repository.unreferencedKeys(old));
      return files;
    }
    // Another instance (or an import) stored the image's files first: those are served.
    await removeObjects(media, await repository.unreferencedKeys(written));
    const current = await repository.downloadFiles(image.id);
    if (current?.label !== label) throw new AppError("CONFLICT", "The image changed while its download was made; please try again");
    return current;
  }

  /** The download files of `image`, made and stored first if it has none carrying what it carries now. */
  async function ensure(image: DownloadableImage): Promise<DownloadFiles> {
    const label = await labelOf(image);
    if (image.downloadFiles?.label === label) return image.downloadFiles;
    const flight = `${image.id}:${label}`;
    let pending = inFlight.get(flight);
    if (!pending) {
      pending = make(image, label).finally(() => inFlight.delete(flight));
      inFlight.set(flight, pending);
    }
    return pending;
  }

  return {
    ensure,

    /** The stored download of `image` `width` pixels wide (never wider than the image; omitted: its full size). */
    async open(image: DownloadableImage, width?: number): Promise<StoredDownload> {
      const target = Math.min(width ?? image.width, image.width);
      const entry = (await ensure(image)).files.find((f) => f.width === target);
      const file = entry && (await media.read(entry.key));
      if (!entry || !file) throw new AppError("NOT_FOUND", "The image file is missing");
      return { stream: file.stream, size: file.size, width: entry.width, height: entry.height };
    },
  };
}

export type StoredDownloads = ReturnType<typeof createStoredDownloads>;
