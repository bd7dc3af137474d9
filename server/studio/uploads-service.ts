import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { Viewer } from "#contracts/account";
import type { UploadFailure, UploadInput, UploadStatus } from "#contracts/studio";
import { requireRole } from "../access/permissions.ts";
import type { ImportService } from "../catalog/import/import-service.ts";
import type { ReaderPool } from "../credentials/reader-pool.ts";
import { readUploadCredentials } from "../credentials/upload-credentials.ts";
import { splitTags } from "../image-text/text.ts";
import { AppError, rootCause } from "../errors.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { Logger } from "../logger.ts";
import { stagingKey } from "../media/keys.ts";
import type { MediaStorage } from "../media/storage.ts";
import { isStorageUnavailable } from "../media/storage-unavailable.ts";
import { withNewFile } from "../media/local-files.ts";
import { collectedFrom } from "../media/paced-collection.ts";
import { receiveImage } from "../media/received-image.ts";
import type { CreatorPagesRepository } from "./creator-pages-repository.ts";
import type { UploadRow, UploadsRepository } from "./uploads-repository.ts";
import { thumbnailUrl } from "./thumbnail.ts";

/** The job queue's queue for uploads, and the images' `source`. */
export const UPLOAD_QUEUE = "import-upload";
const SOURCE = "upload";
/** How long an upload's import waits, queued, when the media storage did not answer. */
const STORAGE_RETRY_S = 15;
/** Uploads imported at once by one instance (encoding is parallel inside each image already). */
const IMPORTS_AT_ONCE = 2;
/** Uploads the upload page and "Your images" show. */
const RECENT_UPLOADS = 50;

/** What a job carries: the upload, and its file (removed even when the upload's row is gone). */
interface UploadJob {
  uploadId: string;
  stagedKey: string;
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * Uploads from the browser (decision 023): the file is checked as it arrives, never held whole
 * in memory (an image, at most UPLOAD_MAX_PIXELS, with sides a JPEG and a WebP hold: otherwise
 * refused with the reason and nothing kept; media/received-image.ts), staged in the media storage
 * (so any instance can import it), then imported by the job queue through the same import as
 * the command line, under the uploader's creator page.
 */
/**
 * Why an upload failed, by code (contracts/studio.ts `uploadFailures`), from the refusal's
 * details: a duplicate names its image, a damaged file the reader's words; an error with no
 * words for users is `failed`; any other refusal has no code (its English message says it).
 */
function failureOf(error: unknown): UploadFailure | null {
  if (!(error instanceof AppError)) return { code: "failed", values: {} };
  const details = error.details ?? {};
  if (typeof details.duplicateOf === "number") return { code: "duplicate", values: { image: details.duplicateOf } };
  if (typeof details.damage === "string") return { code: "damaged", values: { detail: details.damage } };
  if (details.failure === "creatorRemoved" || details.failure === "fileMissing") return { code: details.failure, values: {} };
  return null;
}

export function createUploadsService(deps: {
  repository: UploadsRepository;
  creatorPages: Pick<CreatorPagesRepository, "ensureCreatorPage">;
  imports: Pick<ImportService, "importItem">;
  /** Reads an upload's own Content Credentials off the main thread (server/credentials/reader-pool.ts). */
  credentialsReader: Pick<ReaderPool, "readUpload">;
  media: MediaStorage;
  queue: Pick<JobQueue, "send" | "work">;
  log: Logger;
  /** The largest picture taken, in pixels (UPLOAD_MAX_PIXELS). */
  maxPixels: number;
  /** Where a file is written as it arrives, to be checked before it is staged (under DATA_DIR). */
  incomingDir: string;
  /** Where the job copies a staged file to import it from (under DATA_DIR); each copy is removed when its job ends. */
  importingDir: string;
}) {
  const { repository, creatorPages, imports, credentialsReader, media, queue, log, maxPixels, incomingDir, importingDir } = deps;

  const toUploadStatus = (row: UploadRow): UploadStatus => ({
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    reason: row.reason,
    failure: row.failure,
    image: row.image && { id: row.image.id, slug: row.image.slug, title: row.image.title, thumbnail: thumbnailUrl(media, row.image.variants) },
    createdAt: row.createdAt.toISOString(),
  });

  /**
   * The job: imports the staged file as the uploader's image. Run again after a crash, it
   * carries on (the import is keyed by the upload's id). A refused file (a duplicate, a damaged
   * file) fails the upload with the reason; other errors are retried, and fail it on the last try.
   * While the media storage is away, the job is queued again for later, as often as it takes.
   */
  async function process(job: UploadJob, attempt: { last: boolean }): Promise<void> {
    const { uploadId } = job;
    const row = await repository.find(uploadId);
    if (!row) {
      // The account was deleted meanwhile, and its uploads with it: so goes the file.
      await media.delete(job.stagedKey).catch(() => {});
      return;
    }
    if (row.status === "done" || row.status === "failed" || !row.stagedKey) return;
    await repository.processing(uploadId);
    const { stagedKey, creator } = row;
    try {
      if (creator === null) throw new AppError("NOT_FOUND", "Your creator page was removed; please upload the image again", { failure: "creatorRemoved" });
      const { title, tags, category, description, model, prompt } = row.fields;
      const stored = await media.read(stagedKey);
      if (!stored) throw new AppError("NOT_FOUND", "The uploaded file is missing; please upload it again", { failure: "fileMissing" });
      // Copied to a file of this machine, which sharp reads itself: never held whole in memory (decision 037).
      await withNewFile(importingDir, stored.stream, async (file) => {
        const credentials = await readUploadCredentials(credentialsReader, file, row.fileName);
        await imports.importItem({
          source: SOURCE,
          sourceId: uploadId,
          title,
          tags,
          category,
          description,
          creator,
          howMade: { model: model || credentials.model || undefined, prompt },
          credentials,
          file: async () => file,
        });
      });
      await repository.done(uploadId, SOURCE);
      log.info(`Upload ${uploadId} imported`);
    } catch (error) {
      if (isStorageUnavailable(error)) {
        // The bucket is away: whatever try this was, the upload waits for it, queued anew; nothing is failed or removed.
        log.error(`Upload ${uploadId} waits for the media storage (${rootCause(error)}); trying again in ${STORAGE_RETRY_S} s`);
        await queue.send(UPLOAD_QUEUE, job, { startAfterSeconds: STORAGE_RETRY_S });
        return;
      }
      if (!(error instanceof AppError) && !attempt.last) throw error;
      log.error(`Upload ${uploadId} failed`, error);
      await repository.failed(uploadId, error instanceof AppError ? error.message : "The file could not be processed; please try again", failureOf(error));
    }
    await media.delete(stagedKey).catch(() => {});
  }

  return {
    process,

    /** Stages `body`, checks it, and queues its import; refused files leave nothing behind. */
    async accept(viewer: Viewer | null, input: UploadInput, body: Readable): Promise<UploadStatus> {
      const uploader = requireRole(viewer, "creator");
      const key = stagingKey();
      let id: string | undefined;
      try {
        const file = await receiveImage(body, incomingDir, maxPixels);
        try {
          await media.put(key, collectedFrom(createReadStream(file)), "application/octet-stream");
        } finally {
          await rm(file, { force: true });
        }
        // The uploader's page is made now, once: the job imports under it.
        await creatorPages.ensureCreatorPage(uploader.id);
        const { fileName, model, prompt, title, tags, category, description } = input;
        id = await repository.create({ userId: uploader.id, fileName, stagedKey: key, fields: { title, tags: splitTags(tags), category, description, model, prompt } });
        await queue.send(UPLOAD_QUEUE, { uploadId: id, stagedKey: key } satisfies UploadJob);
      } catch (error) {
        if (id) await repository.remove(id);
        await media.delete(key).catch(() => {});
        throw error;
      }
      log.info(`Upload ${id} (${input.fileName}) queued`);
      return toUploadStatus((await repository.find(id))!);
    },

    /** The viewer's latest uploads, newest first. */
    async recent(viewer: Viewer | null): Promise<UploadStatus[]> {
      const uploader = requireRole(viewer, "creator");
      return (await repository.recent(uploader.id, RECENT_UPLOADS)).map(toUploadStatus);
    },

    /** Takes the queue's upload jobs on this instance. */
    work(): Promise<void> {
      return queue.work<UploadJob>(UPLOAD_QUEUE, IMPORTS_AT_ONCE, process);
    },
  };
}
