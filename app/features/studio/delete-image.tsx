import { useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/i18n/i18n";
import type { FormResult } from "~/lib/form.server";

/** Delete, asked twice: the second button says what goes with the image. */
export function DeleteImage({ id, title, action }: { id: number; title: string; action?: string }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  if (!asking) {
    return (
      <button type="button" className="button-secondary text-red-700 dark:text-red-400" onClick={() => setAsking(true)}>
        {t("delete.button")}
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action={action} className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900/60 dark:bg-red-950/50" role="group" aria-label={t("delete.group", { title })}>
      <p>{t("delete.question", { title })}</p>
      {fetcher.data && !fetcher.data.ok && <p role="alert" className="font-medium text-red-800 dark:text-red-300">{fetcher.data.error}</p>}
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <div className="flex gap-2">
        <button type="submit" className="inline-flex h-10 items-center justify-center rounded-lg bg-red-600 px-4 text-sm font-medium text-white transition-colors hover:bg-red-700 disabled:opacity-60" disabled={busy}>
          {busy ? t("delete.busy") : t("delete.confirm")}
        </button>
        <button type="button" className="button-secondary" onClick={() => setAsking(false)}>
          {t("delete.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}
