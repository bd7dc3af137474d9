import { LICENSE } from "#contracts/license";
import { LegalPage, licenseVersionLabel, todayLabel, UseList } from "~/features/legal/legal-page";
import type { Route } from "./+types/license";

export const loader = () => ({ updated: todayLabel() });
export const meta = () => [
  { title: "License · Stockroom" },
  { name: "description", content: "Use every Stockroom image for free, commercially too, with no attribution required." },
];

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
  return (
    <LegalPage title="License" updated={loaderData.updated} version={licenseVersionLabel(LICENSE.version, LICENSE.date)}>
      <p>
        All images on Stockroom are AI-generated and free to use. You do not need to ask for permission or pay, and you do
        not need to credit anyone, although a mention is always appreciated.
      </p>
      <h2>What you can do</h2>
      <UseList kind="allowed" items={allowed} />
      <h2>What you cannot do</h2>
      <UseList kind="forbidden" items={forbidden} />
      <h2>In short</h2>
      <p>
        Use the images for almost anything, as often as you like, changed or unchanged. Just do not pass them off as your own
        creation, sell them as they are, or use them unlawfully.
      </p>
    </LegalPage>
  );
}
