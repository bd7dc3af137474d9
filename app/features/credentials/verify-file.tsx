import { useState } from "react";
import { DropZone } from "~/components/drop-zone";
import type { CredentialsVerdict } from "#contracts/credentials";
import { CHECK_CREDENTIALS_PATH, ROOT_CERTIFICATE_PATH } from "#contracts/credentials-paths";
import { api, ApiError } from "~/lib/api";
import { longDate } from "~/lib/dates";

type Check = { state: "idle" } | { state: "checking"; name: string } | { state: "done"; name: string; verdict: CredentialsVerdict } | { state: "refused"; name: string; message: string };

/** /verify: pick or drop a file; the server reads its Content Credentials (decision 032) and the verdict is shown in plain words. */
export function VerifyFile({ maxBytes }: { maxBytes: number }) {
  const [check, setCheck] = useState<Check>({ state: "idle" });

  const send = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxBytes) return setCheck({ state: "refused", name: file.name, message: `This file is too large to check (at most ${maxBytes / (1024 * 1024)} MB).` });
    setCheck({ state: "checking", name: file.name });
    try {
      const verdict = await api<CredentialsVerdict>(CHECK_CREDENTIALS_PATH, { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file });
      setCheck({ state: "done", name: file.name, verdict });
    } catch (error) {
      setCheck({ state: "refused", name: file.name, message: error instanceof ApiError ? error.message : "Something went wrong on our side. Please try again." });
    }
  };

  return (
    <div className="mt-8 grid gap-6">
      <DropZone onFiles={(files) => void send(files[0])}>
        <p className="text-base font-medium">Drop a file here</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">A JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF file, up to {maxBytes / (1024 * 1024)} MB</p>
        <label className="button-secondary cursor-pointer focus-within:ring-2 focus-within:ring-neutral-900">
          Choose a file to check
          <input
            type="file"
            className="sr-only"
            onChange={(event) => {
              void send(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        <p className="max-w-prose text-xs text-neutral-600 dark:text-neutral-400">The file is sent to this site to be read, and is not kept.</p>
      </DropZone>
      <section aria-live="polite" aria-label="Result">
        {check.state === "checking" && <p className="text-neutral-700 dark:text-neutral-300">Checking {check.name}…</p>}
        {check.state === "refused" && (
          <Outcome tone="bad" heading="This file could not be checked" name={check.name}>
            <p>{check.message}</p>
          </Outcome>
        )}
        {check.state === "done" && <Verdict verdict={check.verdict} name={check.name} />}
      </section>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Any C2PA reader can check our files too. Give it{" "}
        <a href={ROOT_CERTIFICATE_PATH} className="font-medium underline">
          this site&apos;s root certificate
        </a>{" "}
        as a trust anchor and our downloads read as trusted.
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
      <p className="mt-1 break-all text-sm opacity-80">{name}</p>
      <div className="mt-3 grid gap-2 text-sm">{children}</div>
    </div>
  );
}


function Facts({ verdict }: { verdict: Extract<CredentialsVerdict, { verdict: "intact" | "other" }> }) {
  const rows: Array<[string, React.ReactNode]> = [
    ["Title", verdict.title],
    ["Creator", verdict.creator],
    ["AI tool", verdict.aiTool],
    ["License", verdict.license && (
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
  switch (verdict.verdict) {
    case "intact":
      return (
        <Outcome tone="good" heading={`Content Credentials intact: signed by ${verdict.signer}${verdict.signedAt ? ` on ${longDate(new Date(verdict.signedAt))}` : ""}`} name={name}>
          <Facts verdict={verdict} />
        </Outcome>
      );
    case "altered":
      return (
        <Outcome tone="bad" heading="This file was altered after it was signed" name={name}>
          <p>{verdict.signer ? `It carries Content Credentials signed by ${verdict.signer}, but its bytes no longer match them.` : "Its bytes no longer match the Content Credentials it carries."}</p>
        </Outcome>
      );
    case "other":
      return (
        <Outcome tone="neutral" heading={`Signed by someone else: ${verdict.signer}`} name={name}>
          <p>
            {verdict.signedAt ? `Signed on ${longDate(new Date(verdict.signedAt))}, and unchanged since. ` : "Unchanged since it was signed. "}
            {verdict.trusted ? "Its certificate chains to a root this site trusts." : "It was not signed by this site, and its certificate is not one this site trusts."}
          </p>
          <Facts verdict={verdict} />
        </Outcome>
      );
    case "none":
      return (
        <Outcome tone="neutral" heading="No Content Credentials" name={name}>
          <p>This file carries no Content Credentials: nothing says where it came from. A file downloaded from this site always carries them.</p>
        </Outcome>
      );
  }
}
