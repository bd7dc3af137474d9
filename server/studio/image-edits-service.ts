import { hasRole, type Viewer } from "#contracts/account";
import { STUDIO_DAYS, type EditableImage, type ImageFieldsInput, type StudioPage } from "#contracts/studio";
import { actorOf } from "../access/actor.ts";
import { requireRole } from "../access/permissions.ts";
import { cleanTags, DEFAULT_CATEGORY, DEFAULT_TITLE, describeImage, howMadeColumns, slugify, splitTags } from "../image-text/text.ts";
import { AppError, notFound } from "../errors.ts";
import type { ImageFiles } from "../media/image-files.ts";
import type { MediaRepository } from "../media/media-repository.ts";
import type { MediaStorage } from "../media/storage.ts";
import type { ImageEditsRepository } from "./image-edits-repository.ts";
import { thumbnailUrl } from "./thumbnail.ts";
import type { UploadsService } from "./uploads-service.ts";

export type ImageEditsService = ReturnType<typeof createImageEditsService>;

/**
 * Creators' own images: the creator whose page an image is on edits its title, tags, category,
 * description, model and prompt, and deletes it; admins may do both to any image, and each time the audit
 * log says so. Everyone else gets a 404, as if the image did not exist.
 */
export function createImageEditsService(deps: {
  edits: ImageEditsRepository;
  files: ImageFiles;
  mediaRepository: Pick<MediaRepository, "replaceFiles" | "labelled">;
  media: Pick<MediaStorage, "publicUrl">;
  uploads: Pick<UploadsService, "recent">;
}) {
  const { edits, files, media } = deps;

  /** The image, when `viewer` may change it; with the audit actor when they act as an admin. */
  async function editable(viewer: Viewer | null, id: number) {
    const who = requireRole(viewer, "creator");
    const image = await edits.find(id, who.id);
    if (!image || (!image.owned && !hasRole(who, "admin"))) throw notFound("Image");
    return { image, auditedBy: hasRole(who, "admin") ? actorOf(who) : null };
  }

  return {
    /** "Your images": the viewer's images with their counts and totals, the last days' numbers, and their uploads still under way or failed. */
    async studio(viewer: Viewer | null): Promise<StudioPage> {
      const who = requireRole(viewer, "creator");
      const [own, days, recent] = await Promise.all([edits.ofAccount(who.id), edits.dailyOfAccount(who.id, STUDIO_DAYS), deps.uploads.recent(who)]);
      const totals = { views: 0, downloads: 0, likes: 0 };
      for (const image of own) {
        totals.views += image.views;
        totals.downloads += image.downloads;
        totals.likes += image.likes;
      }
      return {
        images: own.map(({ variants, ...image }) => ({ ...image, thumbnail: thumbnailUrl(media, variants) })),
        totals,
        days,
        uploads: recent.filter((u) => u.status !== "done"),
      };
    },

    async get(viewer: Viewer | null, id: number): Promise<EditableImage> {
      const { image } = await editable(viewer, id);
      const { slug, title, tags, category, description, aiModel, aiPrompt, creator, status, variants } = image;
      return { id, slug, title, tags, category, description, model: aiModel ?? "", prompt: aiPrompt ?? "", creator, status, thumbnail: thumbnailUrl(media, variants) };
    },

    /** Saves the fields (empty title and category: 'Untitled' and 'General'; empty description: the generated sentence; empty model and prompt: none). */
    async update(viewer: Viewer | null, id: number, input: ImageFieldsInput): Promise<void> {
      const { image, auditedBy } = await editable(viewer, id);
      const title = input.title || DEFAULT_TITLE;
      const category = input.category || DEFAULT_CATEGORY;
      const tags = cleanTags(splitTags(input.tags));
      const description = input.description || describeImage(title, tags, category);
      const { aiModel: model, aiPrompt: prompt } = howMadeColumns({ model: input.model, prompt: input.prompt });
      await edits.update(id, { title, slug: slugify(title), tags, category, description, model, prompt }, auditedBy);
      // Every file carries the title (server/media/labels.ts), and the downloads' Content Credentials
      // name the model too (server/credentials/signer.ts): either changed, the downloads are made
      // again now, and a new title relabels the served files first. The prompt is in no file.
      const titled = title !== image.title;
      if (titled || model !== image.aiModel) {
        if (titled) {
          const labelled = await files.relabel(image, files.label(title, image.creator));
          if (await deps.mediaRepository.replaceFiles(id, image, labelled.files)) await files.removeUnused(image, labelled.files);
          else await files.discard(labelled.written);
        }
        const edited = await deps.mediaRepository.labelled(id);
        if (edited) await files.downloads.ensure(edited);
      }
    },

    /** Deletes the image with its likes, downloads and reports, then its files. */
    async delete(viewer: Viewer | null, id: number): Promise<void> {
      const { image, auditedBy } = await editable(viewer, id);
      if (!(await edits.delete(id, auditedBy))) throw new AppError("NOT_FOUND", "Image not found");
      await files.removeUnused(image, { originalKey: "", mediaLabel: "" });
    },
  };
}
