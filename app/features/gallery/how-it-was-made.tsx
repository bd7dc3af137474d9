import type { HowItWasMade as HowItWasMadeData } from "#contracts/catalog";

const facts: Array<{ key: Exclude<keyof HowItWasMadeData, "generatedAt">; label: string; long?: boolean }> = [
  { key: "model", label: "Model" },
  { key: "prompt", label: "Prompt", long: true },
  { key: "negativePrompt", label: "Negative prompt", long: true },
  { key: "seed", label: "Seed" },
  { key: "settings", label: "Settings", long: true },
];

const generatedDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "How it was made": the model, prompt, seed, settings and date the image's source gave, those it gave. */
export function HowItWasMade({ made, headingId }: { made: HowItWasMadeData; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <h3 id={headingId} className="text-base font-semibold">
        How it was made
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr] sm:gap-y-3">
        {facts.map(({ key, label, long }) =>
          made[key] ? (
            <div key={key} className="contents">
              <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
              <dd className={`min-w-0 break-words max-sm:mb-2 ${long ? "whitespace-pre-line" : "font-medium"}`}>{made[key]}</dd>
            </div>
          ) : null,
        )}
        {made.generatedAt && (
          <div className="contents">
            <dt className="text-neutral-500 dark:text-neutral-400">Generated</dt>
            <dd className="font-medium max-sm:mb-2">
              <time dateTime={made.generatedAt}>{generatedDate(made.generatedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
