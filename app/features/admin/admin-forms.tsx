import { useEffect, useId, useRef, type ReactNode } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Banner } from "~/components/fields";
import { useT } from "~/i18n/i18n";
import type { FormResult } from "~/lib/form.server";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A list's fetcher, shared by its rows and kept by the page: a row may leave the list as its
 * action succeeds (a hidden image's reports), and the answer must still be told. One action
 * runs at a time; the row it acts on says so.
 */
export type ActionFetcher = ReturnType<typeof useFetcher<FormResult | null>>;

/** The page's fetcher for its rows' actions, whose answers it toasts. */
export function useActionFetcher(): ActionFetcher {
  const fetcher: ActionFetcher = useFetcher();
  useResultToast(fetcher);
  return fetcher;
}

/** Whether the fetcher is sending this action (`intent` with these fields). */
export function sending(fetcher: ActionFetcher, intent: string, fields: Record<string, string | number>): boolean {
  const form = fetcher.formData;
  return !!form && form.get("intent") === intent && Object.entries(fields).every(([name, value]) => form.get(name) === String(value));
}

/** Toasts how the fetcher's last action fared, once it has. */
function useResultToast(fetcher: ActionFetcher): void {
  const result = fetcher.state === "idle" ? fetcher.data : null;
  useEffect(() => {
    if (result) {
      if (result.ok) toast.success(result.message);
      else toast.error(result.error);
    }
  }, [result]);
}

/** Without script, an action's answer comes with the page it reloads: shown at the top. */
export function ActionBanner({ result }: { result: FormResult | null | undefined }) {
  return (
    <div className="empty:hidden" aria-live="polite">
      {result && (result.ok ? <Banner kind="success">{result.message}</Banner> : <Banner kind="error">{result.error}</Banner>)}
    </div>
  );
}

const dangerButton =
  "inline-flex h-10 items-center justify-center rounded-lg bg-red-600 px-4 text-sm font-medium text-white transition-colors hover:bg-red-700 disabled:opacity-60";

/**
 * One action on one row: a form posting `intent` and `fields` to the page's action. With
 * `confirm`, the button asks first in a dialog (which may ask for a reason), and stays
 * disabled until the page has hydrated: such an action never happens without being asked.
 */
export function ActionButton({
  fetcher,
  intent,
  fields,
  label,
  busyLabel,
  accessibleLabel,
  confirm,
  className = "button-secondary",
}: {
  fetcher: ActionFetcher;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  busyLabel: string;
  /** The button's name for screen readers when `label` alone does not say what it acts on. */
  accessibleLabel?: string;
  confirm?: { title: string; body: ReactNode; reasonLabel?: string };
  className?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const busy = fetcher.state !== "idle";
  const mine = busy && sending(fetcher, intent, fields);
  useEffect(() => {
    if (busy) dialog.current?.close();
  }, [busy]);
  const asks = confirm !== undefined && hydrated;
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type={asks ? "button" : "submit"}
        className={className}
        // An action that asks first waits for the page's script: a click before it loads would act without asking.
        disabled={busy || (confirm !== undefined && !hydrated)}
        aria-label={accessibleLabel}
        onClick={asks ? () => dialog.current?.showModal() : undefined}
      >
        {mine ? busyLabel : label}
      </button>
      {asks && (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-neutral-200 bg-white p-6 text-neutral-900 shadow-xl backdrop:bg-black/50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
        >
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            {confirm.title}
          </h2>
          <div className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{confirm.body}</div>
          {confirm.reasonLabel && (
            <div className="mt-4 flex flex-col gap-1.5">
              <label htmlFor={reasonId} className="text-sm font-medium">
                {confirm.reasonLabel}
              </label>
              <input id={reasonId} name="reason" className="field h-11" maxLength={500} autoComplete="off" />
            </div>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className="button-secondary" onClick={() => dialog.current?.close()}>
              {t("admin.cancel")}
            </button>
            <button type="submit" className={dangerButton}>
              {label}
            </button>
          </div>
        </dialog>
      )}
    </fetcher.Form>
  );
}

/** A search box (and whatever else narrows the list) sent as the page's query: each result has its own URL. */
export function SearchForm({ label, query, placeholder, children }: { label: string; query: string; placeholder: string; children?: ReactNode }) {
  const id = useId();
  const t = useT();
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input id={id} type="search" name="q" defaultValue={query} placeholder={placeholder} maxLength={200} className="field h-10" />
      </div>
      {children}
      <button type="submit" className="button-primary">
        {t("admin.searchButton")}
      </button>
    </Form>
  );
}

/** The link to a list's next page, when there is one. */
export function NextPage({ to, label }: { to: string | null; label: string }) {
  return to === null ? null : (
    <Link to={to} className="button-secondary mt-6 inline-flex">
      {label}
    </Link>
  );
}

/** A message for a list with nothing in it. */
export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="mt-6 rounded-2xl border border-dashed border-neutral-300 p-8 text-center text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">{children}</p>;
}
