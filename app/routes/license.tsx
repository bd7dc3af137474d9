import { LICENSE } from "#contracts/license";
import { legalPageData } from "~/features/legal/legal-data.server";
import { LegalHeading, legalMeta, LegalPage, UseList } from "~/features/legal/legal-page";
import { requestLocale } from "~/i18n/catalogs.server";
import { useT } from "~/i18n/i18n";
import { longDate } from "~/lib/dates";
import type { Route } from "./+types/license";

export const loader = ({ request }: Route.LoaderArgs) => ({
  ...legalPageData(request),
  licenseDate: longDate(new Date(`${LICENSE.date}T00:00:00Z`), requestLocale(request)),
});
export const meta = legalMeta("license");

const allowed = [
  "Commercial use",
  "Personal use",
  "Modify and adapt the images",
  "Distribute the images",
  "No attribution required",
  "Use multiple times, in multiple projects",
  "Print: posters, packaging, merchandise",
  "Digital: websites, apps, social media",
];
const forbidden = [
  "Claiming ownership of the images",
  "Reselling the images as stock",
  "Using the images for illegal purposes",
  "Using the images in ways that conflict with trademarks",
];

export default function License({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <LegalPage title="legal.license.title" updated={loaderData.updated} version={t("legal.version", { version: LICENSE.version, date: loaderData.licenseDate })}>
      <p>
        All images on Stockroom are AI-generated and free to use. You do not need to ask for permission or pay, and you do
        not need to credit anyone, although a mention is always appreciated.
      </p>
      <LegalHeading id="legal.license.canDo" />
      <UseList kind="allowed" items={allowed} />
      <LegalHeading id="legal.license.cannotDo" />
      <UseList kind="forbidden" items={forbidden} />
      <LegalHeading id="legal.license.inShort" />
      <p>
        Use the images for almost anything, as often as you like, changed or unchanged. Just do not pass them off as your own
        creation, sell them as they are, or use them unlawfully.
      </p>
    </LegalPage>
  );
}
