import { data, Link, redirect } from "react-router";
import { receiptIdParam } from "#contracts/receipts";
import { PageMain } from "~/components/page-main";
import { useReceiptTexts } from "~/features/receipts/download-receipts";
import { pageMessages, requestLocale } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import { knownTexts } from "~/lib/formats";
import { orNotFound } from "~/lib/not-found";
import { loginPath } from "#contracts/account";
import type { Route } from "./+types/receipt";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await context.viewer();
  if (!viewer) throw redirect(loginPath(new URL(request.url).pathname));
  const id = receiptIdParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const receipt = await orNotFound(context.services.receipts.get(viewer, id.data));
  // The days and the file's length in the page's language, so that the page hydrates without a formatter.
  const known = knownTexts(requestLocale(request), { numbers: [receipt.bytes], dates: [receipt.downloadedAt, receipt.license.date] });
  return { receipt, holder: viewer, known, ...pageMessages(request, "receipts") };
}

export function meta({ data, location }: Route.MetaArgs) {
  const t = metaT(location.pathname, data);
  return [{ title: data ? t("receipt.metaTitle", { title: data.receipt.imageTitle }) : t("receipt.metaTitleNone") }, { name: "robots", content: "noindex" }];
}

/** /receipts/{id}: one download's license receipt, for its owner alone, made to be printed. */
export default function ReceiptRoute({ loaderData }: Route.ComponentProps) {
  const { receipt, holder, known } = loaderData;
  const t = useT();
  const to = useLocalizedPath();
  const texts = useReceiptTexts(known.dates);
  // What the account and the creator wrote stays as they wrote it.
  const asWritten = (text: string) => <span translate="no" dir="auto">{text}</span>;
  const facts: Array<[string, React.ReactNode]> = [
    [t("receipt.number"), `#${receipt.id}`],
    [t("receipt.issuedTo"), asWritten(`${holder.name} (${holder.email})`)],
    [t("receipt.image"), t("receipt.imageValue", { title: receipt.imageTitle, id: receipt.imageId })],
    [t("receipt.creator"), asWritten(receipt.creator)],
    [t("receipt.size"), texts.size(receipt)],
    [t("receipt.fileSize"), t("receipt.bytes", { bytes: known.numbers[String(receipt.bytes)] })],
    [t("receipt.sha"), <code key="sha" translate="no" className="break-all font-mono text-sm">{receipt.sha256}</code>],
    [t("receipt.downloaded"), texts.downloadedAt(receipt.downloadedAt)],
    [t("receipt.license"), t("receipt.licenseVersion", { version: receipt.license.version, date: known.dates[receipt.license.date] })],
    [t("receipt.licenseText"), <a key="url" href={receipt.license.url} translate="no" className="break-all underline">{receipt.license.url}</a>],
  ];
  return (
    <PageMain className="page max-w-3xl py-8 sm:py-12 print:max-w-none print:p-0 print:text-black">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={to("/profile-settings?tab=downloads")} className="text-sm font-medium text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white">
          {t("receipt.back")}
        </Link>
        <button type="button" className="button-primary" onClick={() => window.print()}>
          {t("receipt.print")}
        </button>
      </div>
      <h1 className="mt-8 text-3xl font-semibold tracking-tight print:mt-0">{t("receipt.title")}</h1>
      <p className="mt-2 text-neutral-600 dark:text-neutral-400 print:text-black">{t("receipt.intro")}</p>
      <dl className="mt-8 grid gap-x-6 gap-y-3 border-t border-neutral-200 pt-6 sm:grid-cols-[10rem_1fr] dark:border-neutral-800 print:grid-cols-[10rem_1fr] print:border-black">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400 print:text-black">{label}</dt>
            <dd className="mb-2 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-8 text-sm text-neutral-600 dark:text-neutral-400 print:text-black">{t("receipt.shaNote")}</p>
    </PageMain>
  );
}
