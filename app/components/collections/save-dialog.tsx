import { useEffect, useId, useState } from "react";
import type { ImageSummary } from "#contracts/catalog";
import type { CollectionSummary } from "#contracts/collections";
import { useT } from "~/i18n/i18n";
import { Spinner } from "~/lib/icons";
import { LockIcon } from "~/lib/action-icons";
import { ModalDialog } from "~/lib/modal-dialog";
import { myCollections, saveInCollection } from "./api";
import { NewCollectionForm } from "./new-collection-form";

/**
 * Save an image to collections: the viewer's collections with a checkbox each (ticking adds
 * the image at once, unticking removes it; a refusal puts the box back and says why), and a
 * form for a new collection that holds the image from the start.
 */
export default function SaveDialog({ image, onClose }: { image: ImageSummary; onClose: () => void }) {
  const [collections, setCollections] = useState<CollectionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const id = useId();
  const t = useT();

  useEffect(() => {
    let current = true;
    myCollections(image.id).then(
      (list) => current && setCollections(list.items),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [image.id]);

  const update = (collectionId: number, change: Partial<CollectionSummary>) =>
    setCollections((list) => list?.map((collection) => (collection.id === collectionId ? { ...collection, ...change } : collection)) ?? null);

  const toggle = (collection: CollectionSummary, saved: boolean) => {
    setError(null);
    update(collection.id, { hasImage: saved });
    saveInCollection(collection.id, image.id, saved).then(
      (state) => {
        update(collection.id, { hasImage: state.saved, imageCount: state.imageCount });
        setStatus(t(state.saved ? "save.saved" : "save.removed", { name: collection.name }));
      },
      (e: Error) => {
        update(collection.id, { hasImage: !saved });
        setError(e.message);
      },
    );
  };

  const created = async (collection: CollectionSummary) => {
    const state = await saveInCollection(collection.id, image.id, true);
    setCollections((list) => [{ ...collection, hasImage: true, imageCount: state.imageCount }, ...(list ?? [])]);
    setStatus(t("save.saved", { name: collection.name }));
  };

  return (
    <ModalDialog title={t("overlay.saveLabel")} description={t("save.imageTitle", { title: image.title })} onClose={onClose}>
      {collections === null ? (
        !error && (
          <p className="flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
            <Spinner size={16} /> {t("save.loading")}
          </p>
        )
      ) : collections.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t("save.none")}</p>
      ) : (
        <fieldset className="-mx-2 flex max-h-64 flex-col gap-0.5 overflow-y-auto">
          <legend className="sr-only">{t("save.yours")}</legend>
          {collections.map((collection) => (
            <label
              key={collection.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800"
            >
              <input
                type="checkbox"
                checked={collection.hasImage === true}
                onChange={(event) => toggle(collection, event.target.checked)}
                className="size-4 shrink-0 accent-neutral-900 dark:accent-white"
              />
              <span className="min-w-0 flex-1 truncate font-medium" translate="no" dir="auto">
                {collection.name}
              </span>
              <span className="flex shrink-0 items-center gap-1.5 text-neutral-600 tabular-nums dark:text-neutral-400">
                {!collection.isPublic && (
                  <>
                    <LockIcon size={14} />
                    <span className="sr-only">{t("save.private")}</span>
                  </>
                )}
                {t("collection.count", { count: collection.imageCount })}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>

      <section aria-labelledby={`${id}-new`} className="border-t border-neutral-200 pt-5 dark:border-neutral-800">
        <h3 id={`${id}-new`} className="mb-3 text-sm font-semibold">
          {t("save.new")}
        </h3>
        <NewCollectionForm onCreated={created} submitLabel={t("save.createAndSave")} />
      </section>

      <div className="flex justify-end">
        <button type="button" onClick={onClose} className="button-secondary">
          {t("save.done")}
        </button>
      </div>
    </ModalDialog>
  );
}
