import { data, Link, redirect } from "react-router";
import { receiptIdParam } from "#contracts/receipts";
import { PageMain } from "~/components/page-main";
import { licenseVersionLabel } from "~/features/legal/legal-page";
import { sizeLabel } from "~/features/receipts/download-receipts";
import { longDateTime } from "~/lib/dates";
import { orNotFound } from "~/lib/not-found";
import { loginPath } from "#contracts/account";
import type { Route } from "./+types/receipt";

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await context.viewer();
  if (!viewer) throw redirect(loginPath(`/receipts/${encodeURIComponent(params.id)}`));
  const id = receiptIdParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  return { receipt: await orNotFound(context.services.receipts.get(viewer, id.data)), holder: viewer };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `License receipt: ${data.receipt.imageTitle} · Stockroom` : "License receipt · Stockroom" },
  { name: "robots", content: "noindex" },
];

/** /receipts/{id}: one download's license receipt, for its owner alone, made to be printed. */
export default function ReceiptRoute({ loaderData }: Route.ComponentProps) {
  const { receipt, holder } = loaderData;
  const facts: Array<[string, React.ReactNode]> = [
    ["Receipt", `#${receipt.id}`],
    ["Issued to", `${holder.name} (${holder.email})`],
    ["Image", `${receipt.imageTitle} (image ${receipt.imageId})`],
    ["Creator", receipt.creator],
    ["Size", sizeLabel(receipt)],
    ["File size", `${receipt.bytes.toLocaleString("en-US")} bytes`],
    ["SHA-256", <code key="sha" className="break-all font-mono text-sm">{receipt.sha256}</code>],
    ["Downloaded", longDateTime(new Date(receipt.downloadedAt))],
    ["License", licenseVersionLabel(receipt.license.version, receipt.license.date)],
    ["License text", <a key="url" href={receipt.license.url} className="break-all underline">{receipt.license.url}</a>],
  ];
  return (
    <PageMain className="page max-w-3xl py-8 sm:py-12 print:max-w-none print:p-0 print:text-black">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/profile-settings?tab=downloads" className="text-sm font-medium text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white">
          Back to downloads
        </Link>
        <button type="button" className="button-primary" onClick={() => window.print()}>
          Print receipt
        </button>
      </div>
      <h1 className="mt-8 text-3xl font-semibold tracking-tight print:mt-0">License receipt</h1>
      <p className="mt-2 text-neutral-600 dark:text-neutral-400 print:text-black">
        Stockroom delivered this file under the license named below: free to use, commercially too, with no attribution required.
      </p>
      <dl className="mt-8 grid gap-x-6 gap-y-3 border-t border-neutral-200 pt-6 sm:grid-cols-[10rem_1fr] dark:border-neutral-800 print:grid-cols-[10rem_1fr] print:border-black">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400 print:text-black">{label}</dt>
            <dd className="mb-2 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-8 text-sm text-neutral-600 dark:text-neutral-400 print:text-black">
        The SHA-256 identifies the exact file delivered: a file whose SHA-256 matches is that file.
      </p>
    </PageMain>
  );
}
