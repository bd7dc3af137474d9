import { useEffect, useRef, useState } from "react";
import { DropZone } from "~/components/drop-zone";
import { Link } from "react-router";
import { JPEG_MAX_SIDE, UPLOADS_PATH, type ImageFieldsInput, type UploadStatus } from "#contracts/studio";
import { useLocale, useLocalizedPath, useT, type MessageId } from "~/i18n/i18n";
import { api } from "~/lib/api";
import { type ErrorWords, useErrorText } from "~/lib/error-text";
import { fileSizeLabel } from "~/lib/file-size";
import { ImageFields } from "./image-fields";
import { sendFile } from "./send-file";
import { useFailureReason } from "./upload-failure";

/** Files sent at once. */
const AT_ONCE = 3;
/** How often the page asks how queued files are doing. */
const POLL_MS = 1500;

type RowState = "waiting" | "uploading" | "queued" | "processing" | "done" | "failed" | "refused";

interface Row {
  key: string;
  file: File;
  /** 0..1 of the bytes sent. */
  sent: number;
  state: RowState;
  /** Why it was refused, in the page's own words (`refusal`), or the server's English for a file it could not process. */
  reason: string | null;
  /** Why the server could not process it, by code (upload-failure.ts says it in the page's language). */
  failure: UploadStatus["failure"];
  uploadId: string | null;
  image: UploadStatus["image"];
}

const stateLabels: Record<Exclude<RowState, "uploading">, MessageId> = {
  waiting: "upload.waiting",
  queued: "upload.processing",
  processing: "upload.processing",
  done: "upload.published",
  failed: "upload.failed",
  refused: "upload.refused",
};

/** The API's refusal codes (its contract; its messages are English) as the page says them. */
const refusals: ErrorWords = {
  /** A field it found wrong (the form's limits prevent it) in its own words. */
  BAD_REQUEST: (error) => error.message,
  UNSUPPORTED_MEDIA: "upload.notImage",
  PAYLOAD_TOO_LARGE: "upload.tooManyPixels",
  UNAUTHENTICATED: "upload.signedOut",
  FORBIDDEN: "upload.notCreator",
  RATE_LIMITED: "upload.rateLimited",
  NETWORK: "upload.network",
};

/** The file's name without its extension: the title when none is given. */
const titleOf = (name: string) => name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ").trim();

/** /upload: drop or pick files, one set of fields for them, a row per file with its progress and fate. */
export function UploadForm({ maxBytes, maxPixels }: { maxBytes: number; maxPixels: number }) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const failureReason = useFailureReason();
  const limits = { mb: maxBytes / (1024 * 1024), megapixels: maxPixels / 1e6, side: JPEG_MAX_SIDE };
  /** Why the API refused a file, from its code. */
  const refusal = useErrorText({ words: refusals, values: limits, otherwise: "upload.serverError" });
  const [rows, setRows] = useState<Row[]>([]);
  const [fields, setFields] = useState<ImageFieldsInput>({ title: "", tags: "", category: "", description: "", model: "", prompt: "" });
  const [sending, setSending] = useState(false);
  const keys = useRef(0);

  const update = (key: string, change: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function add(files: FileList | null) {
    if (!files) return;
    const added = [...files].map((file): Row => {
      const tooLarge = file.size > maxBytes;
      return {
        key: String(++keys.current),
        file,
        sent: 0,
        state: tooLarge ? "refused" : "waiting",
        reason: tooLarge ? t("upload.tooLarge", limits) : null,
        failure: null,
        uploadId: null,
        image: null,
      };
    });
    setRows((all) => [...all, ...added]);
  }

  async function upload() {
    setSending(true);
    const waiting = rows.filter((row) => row.state === "waiting");
    let next = 0;
    const worker = async () => {
      while (next < waiting.length) {
        const row = waiting[next++]!;
        update(row.key, { state: "uploading" });
        try {
          const status = await sendFile(row.file, { ...fields, title: fields.title || titleOf(row.file.name) }, (sent) => update(row.key, { sent }));
          update(row.key, { sent: 1, state: status.status, uploadId: status.id, reason: status.reason, failure: status.failure, image: status.image });
        } catch (error) {
          update(row.key, { state: "refused", reason: refusal(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    setSending(false);
  }

  // While files are being processed, ask how they are doing.
  const pending = rows.some((row) => row.state === "queued" || row.state === "processing");
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      api<{ uploads: UploadStatus[] }>(UPLOADS_PATH).then(
        ({ uploads }) => {
          const byId = new Map(uploads.map((u) => [u.id, u]));
          setRows((all) =>
            all.map((row) => {
              const status = row.uploadId ? byId.get(row.uploadId) : undefined;
              return status ? { ...row, state: status.status, reason: status.reason, failure: status.failure, image: status.image } : row;
            }),
          );
        },
        () => {},
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);

  const waiting = rows.filter((row) => row.state === "waiting").length;

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="files-heading" className="min-w-0">
        <h2 id="files-heading" className="sr-only">
          {t("upload.files")}
        </h2>
        <DropZone onFiles={add}>
          <p className="text-base font-medium">{t("upload.drop")}</p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t("upload.limits", limits)}</p>
          <label className="button-secondary cursor-pointer focus-within:ring-2 focus-within:ring-neutral-900">
            {t("upload.choose")}
            <input
              type="file"
              multiple
              accept="image/*"
              className="sr-only"
              onChange={(event) => {
                add(event.target.files);
                event.target.value = "";
              }}
            />
          </label>
        </DropZone>

        {rows.length > 0 && (
          <ul className="mt-6 divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800" aria-label={t("upload.list")}>
            {rows.map((row) => (
              <li key={row.key} className="flex items-center gap-3 p-3" data-state={row.state}>
                <div className="size-12 shrink-0 overflow-hidden rounded-md bg-neutral-100 dark:bg-neutral-800">
                  {row.image && <img src={row.image.thumbnail} alt="" className="size-full object-cover" />}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="truncate text-sm font-medium" translate="no" dir="auto">
                      {row.file.name}
                    </p>
                    <p className="shrink-0 text-xs tabular-nums text-neutral-600 dark:text-neutral-400">{fileSizeLabel(row.file.size, locale, (amount, unit) => t("upload.size", { amount, unit }))}</p>
                  </div>
                  <div
                    role="progressbar"
                    aria-label={t("upload.sent", { file: row.file.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(row.sent * 100)}
                    className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
                  >
                    <div className={`h-full rounded-full ${row.state === "refused" || row.state === "failed" ? "bg-red-600" : "bg-neutral-900 dark:bg-white"}`} style={{ width: `${row.sent * 100}%` }} />
                  </div>
                  <p className="mt-1 text-xs" role="status">
                    <span className={row.state === "refused" || row.state === "failed" ? "font-medium text-red-700 dark:text-red-400" : "text-neutral-700 dark:text-neutral-300"}>
                      {row.state === "uploading" ? t("upload.uploading", { sent: row.sent }) : t(stateLabels[row.state])}
                    </span>
                    {failureReason(row) && <span className="text-neutral-700 dark:text-neutral-300">{t("upload.reason", { reason: failureReason(row) })}</span>}
                    {row.image && (
                      <>
                        {" · "}
                        <Link to={to(`/images/${row.image.id}-${row.image.slug}`)} className="underline underline-offset-2">
                          {t("upload.view")}
                        </Link>
                      </>
                    )}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form
        className="flex flex-col gap-4"
        aria-labelledby="details-heading"
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
      >
        <h2 id="details-heading" className="text-lg font-semibold">
          {t("upload.details")}
        </h2>
        <ImageFields values={fields} onChange={setFields} titleHint={t("upload.titleHint")} />
        <button type="submit" className="button-primary" disabled={sending || waiting === 0}>
          {sending ? t("upload.sending") : t("upload.submit", { count: waiting })}
        </button>
      </form>
    </div>
  );
}
