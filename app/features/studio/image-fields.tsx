import { useEffect, useId, useState } from "react";
import { SUGGESTIONS_MIN_CHARS } from "#contracts/catalog-constants";
import type { ImageFieldsInput } from "#contracts/studio";
import { TextAreaField, TextField } from "~/components/fields";
import { useT } from "~/i18n/i18n";
import { api, queryString } from "~/lib/api";

/** Comma-separated tags, suggesting existing tags for the one being typed (GET /api/tags/suggestions). */
function TagsField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const listId = useId();
  const [answer, setAnswer] = useState<{ q: string; tags: string[] }>({ q: "", tags: [] });
  const typed = value.slice(value.lastIndexOf(",") + 1).trim();
  const before = value.slice(0, value.lastIndexOf(",") + 1);
  const suggestions = answer.q === typed ? answer.tags : [];
  useEffect(() => {
    if (typed.length < SUGGESTIONS_MIN_CHARS) return;
    const abort = new AbortController();
    api<{ tags: string[] }>(`/api/tags/suggestions${queryString({ q: typed })}`, { signal: abort.signal }).then(
      ({ tags }) => setAnswer({ q: typed, tags }),
      () => {},
    );
    return () => abort.abort();
  }, [typed]);
  return (
    <>
      <TextField label={t("fields.tags")} name="tags" value={value} onChange={(e) => onChange(e.target.value)} list={listId} autoComplete="off" hint={t("fields.tagsHint")} />
      <datalist id={listId}>
        {suggestions.map((tag) => (
          <option key={tag} value={`${before}${before ? " " : ""}${tag}`} />
        ))}
      </datalist>
    </>
  );
}

/** An image's title, tags, category, description, model and prompt, as the upload and edit pages ask for them (the creator's words: not for translating). */
export function ImageFields({ values, onChange, titleHint }: { values: ImageFieldsInput; onChange: (values: ImageFieldsInput) => void; titleHint: string }) {
  const t = useT();
  const set = (name: keyof ImageFieldsInput) => (value: string) => onChange({ ...values, [name]: value });
  return (
    <>
      <TextField label={t("fields.title")} name="title" value={values.title} maxLength={200} onChange={(e) => set("title")(e.target.value)} hint={titleHint} />
      <TagsField value={values.tags} onChange={set("tags")} />
      <TextField label={t("fields.category")} name="category" value={values.category} maxLength={60} onChange={(e) => set("category")(e.target.value)} hint={t("fields.categoryHint")} />
      <TextAreaField label={t("fields.description")} name="description" value={values.description} maxLength={1000} translate="no" dir="auto" onChange={(e) => set("description")(e.target.value)} />
      <TextField label={t("fields.model")} name="model" value={values.model} maxLength={200} onChange={(e) => set("model")(e.target.value)} />
      <TextAreaField label={t("fields.prompt")} name="prompt" value={values.prompt} maxLength={2000} translate="no" dir="auto" onChange={(e) => set("prompt")(e.target.value)} />
    </>
  );
}
