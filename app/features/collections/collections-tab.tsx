import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { COLLECTION_NAME_MAX, collectionName, type CollectionSummary } from "#contracts/collections";
import { changeCollection, deleteCollection } from "~/components/collections/api";
import { NewCollectionForm, useNameProblem } from "~/components/collections/new-collection-form";
import { Picture } from "~/components/picture";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { useErrorText } from "~/lib/error-text";
import { BookmarkIcon, LockIcon, ShareIcon } from "~/lib/action-icons";
import { useShare } from "~/lib/share";
import { toast } from "~/lib/toast";

const COVER_SIZES = "(min-width: 1024px) 20vw, (min-width: 640px) 30vw, 60vw";

/**
 * The Collections tab of the profile: a form for a new one, and each collection with its
 * newest images, count and visibility, a link to its page (to share, when public), and
 * rename, public/private and delete. Every change is read back from the server.
 */
export function CollectionsTab({ collections }: { collections: CollectionSummary[] }) {
  const revalidator = useRevalidator();
  const t = useT();
  const reload = async () => {
    await revalidator.revalidate();
  };
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="new-collection" className="max-w-xl rounded-2xl border border-neutral-200 p-5 dark:border-neutral-800">
        <h2 id="new-collection" className="mb-3 text-base font-semibold">
          {t("save.new")}
        </h2>
        <NewCollectionForm onCreated={reload} />
      </section>
      {collections.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center dark:border-neutral-700">
          <span className="flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-400">
            <BookmarkIcon size={24} />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{t("profile.collections.emptyTitle")}</h3>
          <p className="mt-1 max-w-sm text-sm text-neutral-600 dark:text-neutral-400">{t("profile.collections.emptyBody")}</p>
        </div>
      ) : (
        <ul aria-label={t("profile.collections.label")} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {collections.map((collection) => (
            <CollectionCard key={collection.id} collection={collection} onChanged={reload} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CollectionCard({ collection, onChanged }: { collection: CollectionSummary; onChanged: () => Promise<void> }) {
  const share = useShare();
  const t = useT();
  const errorText = useErrorText();
  const to = useLocalizedPath();
  const [mode, setMode] = useState<"view" | "rename" | "delete">("view");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const run = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await change();
      setMode("view");
      await onChanged();
      toast.success(done);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const [first, ...rest] = collection.covers;
  const { name, imageCount: count } = collection;
  const path = to(collection.path);
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 dark:border-neutral-800">
      <Link to={path} className="grid aspect-[3/2] grid-cols-3 grid-rows-2 gap-0.5 bg-neutral-100 dark:bg-neutral-800" aria-label={t("profile.collections.open", { name, count })}>
        {first ? (
          <>
            <span className="relative col-span-2 row-span-2 overflow-hidden" style={{ backgroundColor: first.color }}>
              <Picture image={first} sizes={COVER_SIZES} className="absolute inset-0 h-full w-full object-cover" />
            </span>
            {[0, 1].map((i) => (
              <span key={i} className="relative overflow-hidden bg-neutral-200 dark:bg-neutral-700" style={rest[i] ? { backgroundColor: rest[i].color } : undefined}>
                {rest[i] && <Picture image={rest[i]} sizes="20vw" className="absolute inset-0 h-full w-full object-cover" />}
              </span>
            ))}
          </>
        ) : (
          <span className="col-span-3 row-span-2 flex items-center justify-center text-neutral-500 dark:text-neutral-400">
            <BookmarkIcon size={32} />
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        {mode === "rename" ? (
          <RenameForm collection={collection} busy={busy} onCancel={() => setMode("view")} onRename={(newName) => run(() => changeCollection(collection.id, { name: newName }), t("profile.collections.renamed"))} onInvalid={setError} />
        ) : (
          <div className="min-w-0">
            <h3 className="truncate font-semibold" translate="no" dir="auto">
              <Link to={path} className="hover:underline">
                {collection.name}
              </Link>
            </h3>
            <p className="mt-0.5 flex items-center gap-1.5 text-sm text-neutral-600 dark:text-neutral-400">
              {t("collection.count", { count })} · {!collection.isPublic && <LockIcon size={14} />}
              {t(collection.isPublic ? "profile.collections.public" : "profile.collections.private")}
            </p>
          </div>
        )}
        {mode === "delete" ? (
          <div role="group" aria-labelledby={`${id}-confirm`} className="flex flex-wrap items-center gap-2">
            <p id={`${id}-confirm`} className="w-full text-sm">
              {t("profile.collections.deleteQuestion", { name })}
            </p>
            <button type="button" className="button-primary bg-red-700 hover:bg-red-800 dark:bg-red-600 dark:text-white" disabled={busy} onClick={() => void run(() => deleteCollection(collection.id), t("profile.collections.deleted"))}>
              {t("profile.collections.delete")}
            </button>
            <button type="button" className="button-secondary" onClick={() => setMode("view")}>
              {t("profile.cancel")}
            </button>
          </div>
        ) : (
          mode === "view" && (
            <div className="mt-auto flex flex-wrap gap-2">
              {collection.isPublic && (
                <button type="button" className="button-secondary px-3" onClick={() => void share(collection.name, collection.path)} aria-label={t("profile.collections.shareNamed", { name })}>
                  <ShareIcon size={16} /> {t("profile.collections.share")}
                </button>
              )}
              <button type="button" className="button-secondary px-3" disabled={busy} onClick={() => void run(() => changeCollection(collection.id, { isPublic: !collection.isPublic }), t(collection.isPublic ? "profile.collections.madePrivate" : "profile.collections.madePublic"))} aria-label={t(collection.isPublic ? "profile.collections.makePrivateNamed" : "profile.collections.makePublicNamed", { name })}>
                {t(collection.isPublic ? "profile.collections.makePrivate" : "profile.collections.makePublic")}
              </button>
              <button type="button" className="button-secondary px-3" onClick={() => setMode("rename")} aria-label={t("profile.collections.renameNamed", { name })}>
                {t("profile.collections.rename")}
              </button>
              <button type="button" className="button-secondary px-3" onClick={() => setMode("delete")} aria-label={t("profile.collections.deleteNamed", { name })}>
                {t("profile.collections.delete")}
              </button>
            </div>
          )
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

function RenameForm({
  collection,
  busy,
  onCancel,
  onRename,
  onInvalid,
}: {
  collection: CollectionSummary;
  busy: boolean;
  onCancel: () => void;
  onRename: (name: string) => void;
  onInvalid: (message: string) => void;
}) {
  const [name, setName] = useState(collection.name);
  const id = useId();
  const t = useT();
  const nameProblem = useNameProblem();
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = collectionName.safeParse(name);
        if (parsed.success) onRename(parsed.data);
        else onInvalid(nameProblem(parsed.error.issues[0]!));
      }}
    >
      <label htmlFor={`${id}-name`} className="text-sm font-medium">
        {t("profile.collections.newName")}
      </label>
      <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={COLLECTION_NAME_MAX} autoComplete="off" autoFocus className="field" />
      <div className="flex gap-2">
        <button type="submit" className="button-primary" disabled={busy}>
          {t("profile.collections.saveName")}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t("profile.cancel")}
        </button>
      </div>
    </form>
  );
}
