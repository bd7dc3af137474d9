import { AppError } from "../errors.ts";
import { inParallel } from "../in-parallel.ts";
import type { Logger } from "../logger.ts";
import type { ImageFiles } from "./image-files.ts";
import type { LabelledImage, MediaRepository } from "./media-repository.ts";

/**
 * `npm run media:relabel`: gives every image's files (and every creator's avatar) the label they must carry now (after an
 * upgrade from files without labels, a change of BASE_URL, or an interrupted run), stripping
 * originals kept before labels existed, and renders and stores the downloads of images that have
 * none yet (imported before downloads were stored at import: decision 026). Each image is done and saved on its own, so the run can
 * stop at any point and the next run carries on: images whose files already carry their label
 * are passed over. A concurrent import of the same image wins; that image is left to it.
 */

const BATCH = 100;
/** Images labelled at once: each one is parallel inside already (widths, formats). */
const IN_FLIGHT = 2;

interface RelabelSummary {
  relabelled: number;
  /** Creators' avatars labelled anew. */
  avatars: number;
  /** Already carrying their label. */
  current: number;
  /** Changed by someone else (an import) while being labelled: left to them. */
  changed: number;
  failed: Array<{ id: number; reason: string }>;
}

export function formatRelabelSummary(summary: RelabelSummary): string {
  return `relabelled ${summary.relabelled} images and ${summary.avatars} avatars, already labelled ${summary.current}, changed meanwhile ${summary.changed}, failed ${summary.failed.length}`;
}

export function createRelabelService(deps: { repository: MediaRepository; files: ImageFiles; log: Logger }) {
  const { repository, files, log } = deps;

  async function relabel(image: LabelledImage, summary: RelabelSummary): Promise<void> {
    const xmp = files.label(image.title, image.creator);
    try {
      if (files.labelled(image, xmp)) {
        // Its downloads are made now if it has none yet (imported before they were stored), or they carry another label.
        await files.downloads.ensure(image);
        summary.current++;
        return;
      }
      const next = await files.relabel(image, xmp);
      if (await repository.replaceFiles(image.id, image, next.files)) {
        await files.removeUnused(image, next.files);
        const relabelled = await repository.labelled(image.id);
        if (relabelled) await files.downloads.ensure(relabelled);
        summary.relabelled++;
      } else {
        await files.discard(next.written);
        summary.changed++;
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error; // a missing or unreadable original; anything else stops the run
      summary.failed.push({ id: image.id, reason: (error as Error).message });
      log.error(`Image ${image.id} could not be labelled: ${(error as Error).message}`);
    }
  }

  return {
    /** Labels every image, telling `onProgress` after each; once `signal` is aborted no further image is started. */
    async run(
      options: { onProgress?: ((done: number, total: number) => void) | undefined; signal?: AbortSignal | undefined } = {},
    ): Promise<RelabelSummary> {
      const summary: RelabelSummary = { relabelled: 0, avatars: 0, current: 0, changed: 0, failed: [] };
      const total = await repository.count();
      let done = 0;
      let afterId = 0;
      while (!options.signal?.aborted) {
        const batch = await repository.batch(afterId, BATCH);
        if (!batch.length) break;
        afterId = batch.at(-1)!.id;
        await inParallel(
          batch.map((image) => async () => {
            if (options.signal?.aborted) return;
            await relabel(image, summary);
            options.onProgress?.(++done, Math.max(total, done));
          }),
          IN_FLIGHT,
        );
      }
      // Avatars are few and small: each is rendered again from itself when its label is not the one it must carry.
      for (const creator of options.signal?.aborted ? [] : await repository.avatars()) {
        try {
          if (await files.relabelAvatar(creator)) summary.avatars++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          log.error(`The avatar of ${creator.name} could not be labelled: ${error.message}`);
        }
      }
      return summary;
    },
  };
}

