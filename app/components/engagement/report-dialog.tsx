import { useState } from "react";
import { toast } from "~/lib/toast";
import type { ImageSummary } from "#contracts/catalog";
import { REPORT_DETAILS_MAX, reportInput, reportReasons, type ReportReason } from "#contracts/engagement";
import { useT } from "~/i18n/i18n";
import { Spinner } from "~/lib/icons";
import { ModalDialog } from "~/lib/modal-dialog";
import { postReport } from "./api";

/** Report an image for review: a reason, and a description when the reason is 'Something else'. */
export default function ReportDialog({ image, onClose }: { image: ImageSummary; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(t("report.chooseReason"));
    const report = reportInput.safeParse({ reason, details });
    if (!report.success) return setError(report.error.issues[0]!.message);
    setBusy(true);
    setError(null);
    try {
      await postReport(image.id, report.data);
      toast.success(t("report.thanks"), { description: t("report.thanksDetail") });
      onClose();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t("report.title")} description={t("report.why", { title: image.title })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">{t("report.reason")}</legend>
          {reportReasons.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-neutral-100 has-[:checked]:bg-neutral-100 dark:hover:bg-neutral-800 dark:has-[:checked]:bg-neutral-800"
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-neutral-900 dark:accent-white"
              />
              {t(`report.reason.${value}`)}
            </label>
          ))}
        </fieldset>
        {reason === "other" && (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t("report.details")}
            <textarea
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              maxLength={REPORT_DETAILS_MAX}
              rows={3}
              required
              className="field resize-none font-normal"
            />
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="button-secondary">
            {t("report.cancel")}
          </button>
          <button type="submit" disabled={busy} className="button-primary">
            {busy && <Spinner size={16} />}
            {t("report.send")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
