import { useState } from "react";
import { DropZone } from "~/components/drop-zone";
import { credentialsDamages } from "#contracts/credentials-damage";
import type { CredentialsVerdict } from "#contracts/credentials";
import { CHECK_CREDENTIALS_PATH, ROOT_CERTIFICATE_PATH } from "#contracts/credentials-paths";
import { api } from "~/lib/api";
import { useErrorText } from "~/lib/error-text";
import { useLocale, useT } from "~/i18n/i18n";
import { Trans } from "~/i18n/trans";
import { longDate } from "~/lib/dates";

type Check = { state: "idle" } | { state: "checking"; name: string } | { state: "done"; name: string; verdict: CredentialsVerdict } | { state: "refused"; name: string; message: string };

/** /verify: pick or drop a file; the server reads its Content Credentials (decision 032) and the verdict is shown in plain words. */
export function VerifyFile({ maxBytes }: { maxBytes: number }) {
  const t = useT();
  const mb = maxBytes / (1024 * 1024);
  const [check, setCheck] = useState<Check>({ state: "idle" });
  /** Why the check failed, in the page's language: the server's refusal by its code (and reason), else as any failed call says it. */
  const refusal = useErrorText({
    words: {
      "": "verify.failed",
      PAYLOAD_TOO_LARGE: "verify.tooLarge",
      BAD_REQUEST: "verify.empty",
      UNSUPPORTED_MEDIA: "verify.notAnImage",
      UNPROCESSABLE: (error) => {
        const damage = credentialsDamages.find((kind) => kind === error.reason);
        return damage && t(`verify.damage.${damage}`);
      },
    },
    values: { mb },
  });

  const send = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxBytes) return setCheck({ state: "refused", name: file.name, message: t("verify.tooLarge", { mb }) });
    setCheck({ state: "checking", name: file.name });
    try {
      const verdict = await api<CredentialsVerdict>(CHECK_CREDENTIALS_PATH, { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file });
      setCheck({ state: "done", name: file.name, verdict });
    } catch (error) {
      setCheck({ state: "refused", name: file.name, message: refusal(error) });
    }
  };

  return (
    <div className="mt-8 grid gap-6">
      <DropZone onFiles={(files) => void send(files[0])}>
        <p className="text-base font-medium">{t("verify.drop")}</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t("verify.accepts", { mb })}</p>
        <label className="button-secondary cursor-pointer focus-within:ring-2 focus-within:ring-neutral-900">
          {t("verify.choose")}
          <input
            type="file"
            className="sr-only"
            onChange={(event) => {
              void send(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        <p className="max-w-prose text-xs text-neutral-600 dark:text-neutral-400">{t("verify.notKept")}</p>
      </DropZone>
      <section aria-live="polite" aria-label={t("verify.result")}>
        {check.state === "checking" && <p className="text-neutral-700 dark:text-neutral-300">{t("verify.checking", { name: check.name })}</p>}
        {check.state === "refused" && (
          <Outcome tone="bad" heading={t("verify.refused")} name={check.name}>
            <p>{check.message}</p>
          </Outcome>
        )}
        {check.state === "done" && <Verdict verdict={check.verdict} name={check.name} />}
      </section>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        <Trans id="verify.readers" components={{ 0: <a href={ROOT_CERTIFICATE_PATH} className="font-medium underline" /> }} />
      </p>
    </div>
  );
}

const tones = {
  good: "border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100",
  bad: "border-rose-200 bg-rose-50 text-rose-950 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-100",
  neutral: "border-neutral-200 bg-neutral-50 text-neutral-900 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100",
};

function Outcome({ tone, heading, name, children }: { tone: keyof typeof tones; heading: string; name: string; children: React.ReactNode }) {
  return (
    <div className={`rounded-xl border px-5 py-4 ${tones[tone]}`}>
      <h2 className="text-lg font-semibold">{heading}</h2>
      <p className="mt-1 break-all text-sm opacity-80" translate="no">
        {name}
      </p>
      <div className="mt-3 grid gap-2 text-sm">{children}</div>
    </div>
  );
}


function Facts({ verdict }: { verdict: Extract<CredentialsVerdict, { verdict: "intact" | "other" }> }) {
  const t = useT();
  const rows: Array<[string, React.ReactNode]> = [
    [t("verify.fact.title"), verdict.title],
    [t("verify.fact.creator"), verdict.creator],
    [t("verify.fact.aiTool"), verdict.aiTool],
    [t("verify.fact.license"), verdict.license && (
      <a href={verdict.license} className="underline">
        {verdict.license}
      </a>
    )],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
      {rows
        .filter(([, value]) => value)
        .map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Verdict({ verdict, name }: { verdict: CredentialsVerdict; name: string }) {
  const t = useT();
  const locale = useLocale();
  const date = (iso: string) => longDate(new Date(iso), locale);
  switch (verdict.verdict) {
    case "intact":
      return (
        <Outcome tone="good" heading={verdict.signedAt ? t("verify.intactOn", { signer: verdict.signer, date: date(verdict.signedAt) }) : t("verify.intact", { signer: verdict.signer })} name={name}>
          <Facts verdict={verdict} />
        </Outcome>
      );
    case "altered":
      return (
        <Outcome tone="bad" heading={t("verify.altered")} name={name}>
          <p>{verdict.signer ? t("verify.alteredBy", { signer: verdict.signer }) : t("verify.alteredUnsigned")}</p>
        </Outcome>
      );
    case "other":
      return (
        <Outcome tone="neutral" heading={t("verify.other", { signer: verdict.signer })} name={name}>
          <p>
            {verdict.signedAt ? t("verify.signedOn", { date: date(verdict.signedAt) }) : t("verify.unchanged")}{" "}
            {verdict.trusted ? t("verify.trusted") : t("verify.untrusted")}
          </p>
          <Facts verdict={verdict} />
        </Outcome>
      );
    case "none":
      return (
        <Outcome tone="neutral" heading={t("verify.none")} name={name}>
          <p>{t("verify.noneBody")}</p>
        </Outcome>
      );
  }
}
