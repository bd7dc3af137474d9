import type { HowItWasMade as HowItWasMadeData } from "#contracts/catalog";
import { useT } from "~/i18n/i18n";
import type { Formats } from "~/lib/formats";

const facts: Array<{ key: Exclude<keyof HowItWasMadeData, "generatedAt">; long?: boolean }> = [
  { key: "model" },
  { key: "prompt", long: true },
  { key: "negativePrompt", long: true },
  { key: "seed" },
  { key: "settings", long: true },
];

/** "How it was made": the model, prompt, seed, settings and date the image's source gave, those it gave. */
export function HowItWasMade({ made, headingId, format }: { made: HowItWasMadeData; headingId: string; format: Formats }) {
  const t = useT();
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <h3 id={headingId} className="text-base font-semibold">
        {t("made.title")}
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr] sm:gap-y-3">
        {facts.map(({ key, long }) =>
          made[key] ? (
            <div key={key} className="contents">
              <dt className="text-neutral-500 dark:text-neutral-400">{t(`made.${key}`)}</dt>
              <dd className={`min-w-0 break-words max-sm:mb-2 ${long ? "whitespace-pre-line" : "font-medium"}`} translate="no" dir="auto">
                {made[key]}
              </dd>
            </div>
          ) : null,
        )}
        {made.generatedAt && (
          <div className="contents">
            <dt className="text-neutral-500 dark:text-neutral-400">{t("made.generated")}</dt>
            <dd className="font-medium max-sm:mb-2">
              <time dateTime={made.generatedAt}>{format.longDate(made.generatedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
