import { useId, useRef, useState } from "react";
import { COLLECTION_NAME_MAX, collectionInput, type CollectionSummary } from "#contracts/collections";
import { useT } from "~/i18n/i18n";
import { useErrorText } from "~/lib/error-text";
import { Spinner } from "~/lib/icons";
import { createCollection } from "./api";

/**
 * Why a collection's name was refused, in the page's language: too short or too long; any other
 * refusal (unstorable characters) in the contract's words.
 */
export function useNameProblem() {
  const t = useT();
  return (issue: { code: string; message: string }): string =>
    issue.code === "too_small" ? t("collectionForm.nameMissing") : issue.code === "too_big" ? t("collectionForm.nameTooLong", { max: COLLECTION_NAME_MAX }) : issue.message;
}

/** A name and a public switch: makes a collection, then hands it to `onCreated` (which may add to it) and starts over. */
export function NewCollectionForm({ onCreated, submitLabel }: { onCreated: (collection: CollectionSummary) => Promise<unknown>; submitLabel?: string }) {
  const [name, setName] = useState("");
  const [isPublic, setPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const t = useT();
  const nameProblem = useNameProblem();
  const errorText = useErrorText();
  // Focus stays on the name (the button is disabled while the form is sent), ready for the next one or a correction.
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = collectionInput.safeParse({ name, isPublic });
    if (!parsed.success) return setError(nameProblem(parsed.error.issues[0]!));
    setBusy(true);
    setError(null);
    try {
      await onCreated(await createCollection(parsed.data));
      setName("");
      setPublic(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <label htmlFor={`${id}-name`} className="text-sm font-medium">
        {t("collectionForm.name")}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={COLLECTION_NAME_MAX}
          required
          autoComplete="off"
          placeholder={t("collectionForm.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field min-w-0 flex-1"
        />
        <button type="submit" disabled={busy} className="button-primary shrink-0">
          {busy && <Spinner size={16} />}
          {submitLabel ?? t("collectionForm.create")}
        </button>
      </div>
      <label className="flex cursor-pointer items-center gap-2.5 text-sm">
        <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} className="size-4 accent-neutral-900 dark:accent-white" />
        {t("collectionForm.public")}
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
