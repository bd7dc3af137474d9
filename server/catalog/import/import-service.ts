import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { ColorName } from "#contracts/catalog-constants";
import { AppError } from "../../errors.ts";
import type { Logger } from "../../logger.ts";
import { colorLabelsOfFile } from "../../media/palette.ts";
import type { Imaging } from "../../media/image-pool.ts";
import { smallestJpeg } from "../../media/smallest-jpeg.ts";
import type { MediaStorage } from "../../media/storage.ts";
import type { ImageFiles } from "../../media/image-files.ts";
import { withNewFile } from "../../media/local-files.ts";
import type { MediaRepository } from "../../media/media-repository.ts";
import { contentHashOf, processImage, renderAvatar, storeObjects, storingAsMade, type ImageInput } from "../../media/variants.ts";
import type { ImportCredentials, ImportRepository, StoredFile } from "./import-repository.ts";
import { cleanTags, DEFAULT_CATEGORY, DEFAULT_CREATOR, DEFAULT_TITLE, describeImage, howMadeColumns, slugify, type HowMade } from "../../image-text/text.ts";

/**
 * The one way images enter the catalog. Every source (a folder, Airtable, the demo catalog)
 * turns its records into ImportItems; this service upserts them by (source, sourceId), so
 * importing the same source again updates records instead of duplicating them, and a file
 * whose content has not changed is not encoded again (only labelled again when its title or
 * creator changed: the files carry them, see server/media/labels.ts).
 */

export interface ImportItem {
  source: string;
  sourceId: string;
  title?: string | undefined;
  tags?: string[] | undefined;
  category?: string | undefined;
  /** Unset or empty: one sentence made of the title, tags and category. */
  description?: string | undefined;
  creator?: string | undefined;
  createdAt?: Date | undefined;
  downloads?: number | undefined;
  views?: number | undefined;
  /** How it was made: model, prompt, seed, settings, date (every source and uploads alike). */
  howMade?: HowMade | undefined;
  /** What the file's own Content Credentials gave it (uploads: server/credentials/upload-credentials.ts). */
  credentials?: ImportCredentials | undefined;
  /**
   * The image file, fetched only when the item is imported: its bytes, its path, or a stream (a
   * download), which is written to a work file as it comes; from a path or a stream it is never
   * read whole into memory.
   */
  file: () => Promise<ImageInput | Readable>;
}

/** A record the source could not turn into an item, with the reason in a few words. */
interface SkippedItem {
  sourceId: string;
  skip: string;
  detail?: string;
}

export type SourceEntry = ImportItem | SkippedItem;

export interface ImportSummary {
  imported: number;
  updated: number;
  skipped: number;
  /** Count per reason, in order of first occurrence. */
  reasons: Map<string, number>;
  /** Every skipped record with its reason and detail. */
  skips: SkippedItem[];
}

/** Short reasons for the summary line, by the AppError code the image pipeline refused with. */
const refusalReasons: Partial<Record<AppError["code"], string>> = {
  UNSUPPORTED_MEDIA: "not an image",
  UNPROCESSABLE: "damaged file",
  PAYLOAD_TOO_LARGE: "too large",
  CONFLICT: "duplicate",
};

/** Perceptual hashes this close (bits of 64) are the same picture: resized, re-encoded, slightly retouched. */
export const DUPLICATE_MAX_BITS = 5;

/** Images labelled per batch (and per UPDATE, so per announced change) by labelColors. */
const LABEL_BATCH = 100;

interface LabelSummary {
  labelled: number;
  /** Images whose file is missing or cannot be read: left unlabelled, tried again next time. */
  failed: number;
}

/** Images encoded at once: encoding is parallel inside each image already, this overlaps I/O. */
const ITEMS_IN_FLIGHT = 2;

export function formatSummary(summary: ImportSummary): string {
  const reasons = [...summary.reasons].map(([reason, count]) => `${reason}: ${count}`).join(", ");
  return `imported ${summary.imported}, updated ${summary.updated}, skipped ${summary.skipped}${reasons ? ` (${reasons})` : ""}`;
}

export type ImportService = ReturnType<typeof createImportService>;

/** `files`: the image files and their labels; `imaging`: the pool image work runs in, and its limit. Built by createServices. */
export function createImportService(deps: {
  repository: ImportRepository;
  mediaRepository: Pick<MediaRepository, "labelled">;
  files: ImageFiles;
  media: MediaStorage;
  log: Logger;
  imaging: Imaging;
}) {
  const { repository: repo, mediaRepository, files, media, log, imaging } = deps;

  /** Imports or updates one item; throws an AppError when its file is refused. */
  async function importItem(item: ImportItem): Promise<"imported" | "updated"> {
    const data = await item.file();
    if (data instanceof Readable) return withNewFile(imaging.scratchDir, data, (file) => importFile(item, file));
    return importFile(item, data);
  }

  /** importItem with its file in hand. */
  async function importFile(item: ImportItem, data: ImageInput): Promise<"imported" | "updated"> {
    const title = item.title?.trim() || DEFAULT_TITLE;
    const creator = item.creator?.trim() || DEFAULT_CREATOR;
    const xmp = files.label(title, creator);
    const existing = await repo.findBySource(item.source, item.sourceId);
    let file: StoredFile;
    let written: string[] = [];
    if (existing && existing.contentHash === (await contentHashOf(data))) {
      if (files.labelled(existing, xmp)) {
        file = existing;
      } else {
        const relabelled = await files.relabel(existing, xmp);
        file = { ...existing, ...relabelled.files };
        written = relabelled.written;
      }
    } else {
      // Each file is stored as soon as it is made; a duplicate is refused before the first.
      const refuseDuplicate = async (facts: Parameters<typeof repo.findDuplicate>[1]) => {
        const duplicate = await repo.findDuplicate(item, facts, DUPLICATE_MAX_BITS);
        if (duplicate !== undefined) throw new AppError("CONFLICT", `The same picture as image ${duplicate} is already in the catalog`, { duplicateOf: duplicate });
      };
      const processed = await storingAsMade(media, (store) => imaging.pool.run(() => processImage(data, xmp, imaging, store, refuseDuplicate)));
      file = processed.made;
      written = processed.written;
    }
    const category = item.category?.trim() || DEFAULT_CATEGORY;
    const tags = cleanTags(item.tags ?? []);
    let saved: { outcome: "imported" | "updated"; id: number };
    try {
      saved = await repo.save({
        source: item.source,
        sourceId: item.sourceId,
        slug: slugify(title),
        title,
        description: item.description?.trim() || describeImage(title, tags, category),
        category,
        creator,
        tags,
        createdAt: item.createdAt,
        downloads: item.downloads ?? 0,
        views: item.views ?? 0,
        howMade: howMadeColumns(item.howMade),
        file,
        credentials: item.credentials,
      });
    } catch (error) {
      await files.discard(written);
      throw error;
    }
    log.debug(`${saved.outcome} ${item.source} ${item.sourceId}`);
    // The file or its label changed: remove the old objects nobody else refers to.
    if (existing && (existing.originalKey !== file.originalKey || existing.mediaLabel !== file.mediaLabel)) await files.removeUnused(existing, file);
    // Each download size is rendered now, once, never on a download (a no-op when they carry what they must already).
    const image = await mediaRepository.labelled(saved.id);
    if (image) await files.downloads.ensure(image);
    return saved.outcome;
  }

  return {
    importItem,

    /** Gives the creator (created if missing) an avatar rendered from `image`, unless it has one. */
    async ensureCreatorAvatar(name: string, image: () => Promise<Buffer>): Promise<void> {
      if (await repo.creatorHasAvatar(name)) return;
      // Rendered from the creator's (AI-made) images: labelled like them, titled with the name.
      const picture = await image();
      const avatar = await imaging.pool.run(() => renderAvatar(picture, files.avatarLabel(name), imaging.maxPixels));
      await storeObjects(media, [avatar]);
      await repo.ensureCreator(name, avatar.key);
    },

    /**
     * Gives every image without colour labels its labels, from its smallest JPEG (the original
     * when there is none), in batches by id: stopped and run again, it goes on where it stopped.
     */
    async labelColors(
      options: { onProgress?: ((done: number, total: number) => void) | undefined; signal?: AbortSignal | undefined } = {},
    ): Promise<LabelSummary> {
      const total = await repo.countUnlabelled();
      const summary: LabelSummary = { labelled: 0, failed: 0 };
      for (let afterId = 0; !options.signal?.aborted; ) {
        const batch = await repo.unlabelled(afterId, LABEL_BATCH);
        if (!batch.length) break;
        const labels = new Map<number, ColorName[]>();
        for (const image of batch) {
          const smallest = smallestJpeg(image.variants);
          const object = await media.read(smallest?.key ?? image.originalKey);
          try {
            if (!object) throw new Error(`${smallest?.key ?? image.originalKey} is missing`);
            labels.set(image.id, await colorLabelsOfFile(await buffer(object.stream)));
          } catch (error) {
            summary.failed++;
            log.error(`Could not label the colours of image ${image.id}: ${(error as Error).message}`);
          }
          options.onProgress?.(summary.labelled + summary.failed + labels.size, total);
        }
        await repo.setColors(labels);
        summary.labelled += labels.size;
        afterId = batch.at(-1)!.id;
      }
      return summary;
    },

    existingSourceIds: (source: string, sourceIds: string[]) => repo.existingSourceIds(source, sourceIds),

    /**
     * Imports every entry, two at a time, and tells `onProgress` after each. A refused file
     * or a failed download skips that record with its reason; other errors stop the run.
     * Once `signal` is aborted no further entry is started.
     */
    async run(
      entries: SourceEntry[],
      options: { onProgress?: ((done: number, total: number) => void) | undefined; signal?: AbortSignal | undefined } = {},
    ): Promise<ImportSummary> {
      const { onProgress, signal } = options;
      const summary: ImportSummary = { imported: 0, updated: 0, skipped: 0, reasons: new Map(), skips: [] };
      const skip = (entry: SkippedItem) => {
        summary.skipped++;
        summary.reasons.set(entry.skip, (summary.reasons.get(entry.skip) ?? 0) + 1);
        summary.skips.push(entry);
        log.debug(`Skipped ${entry.sourceId}: ${entry.skip}${entry.detail ? ` (${entry.detail})` : ""}`);
      };
      let next = 0;
      let done = 0;
      const worker = async () => {
        while (next < entries.length && !signal?.aborted) {
          const entry = entries[next++]!;
          if ("skip" in entry) {
            skip(entry);
          } else {
            try {
              summary[await importItem(entry)]++;
            } catch (error) {
              const reason = error instanceof AppError ? refusalReasons[error.code] : undefined;
              if (!reason && !(error instanceof SourceError)) throw error;
              skip({ sourceId: entry.sourceId, skip: reason ?? (error as SourceError).reason, detail: (error as Error).message });
            }
          }
          onProgress?.(++done, entries.length);
        }
      };
      await Promise.all(Array.from({ length: ITEMS_IN_FLIGHT }, worker));
      return summary;
    },
  };
}

/** A record's file could not be fetched from its source; the record is skipped with `reason`. */
export class SourceError extends Error {
  override name = "SourceError";
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}
