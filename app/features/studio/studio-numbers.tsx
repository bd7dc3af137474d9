import type { StudioCounts, StudioDay } from "#contracts/studio";
import { useT } from "~/i18n/i18n";

const metrics = [
  ["views", "studio.views", "studio.viewCount"],
  ["downloads", "studio.downloads", "studio.downloadCount"],
  ["likes", "studio.likes", "studio.likeCount"],
] as const;

/** "3 views · 1 download · 2 likes": an image's counts in a line. */
export function CountsLine({ counts }: { counts: StudioCounts }) {
  const t = useT();
  return <p className="text-sm tabular-nums text-neutral-600 dark:text-neutral-400">{metrics.map(([key, , count]) => t(count, { count: counts[key] })).join(" · ")}</p>;
}

/** "Your numbers": views, downloads and likes of all the creator's images, each with its last days as small bars. */
export function StudioNumbers({ totals, days }: { totals: StudioCounts; days: StudioDay[] }) {
  const t = useT();
  return (
    <section aria-labelledby="numbers-heading" className="mt-8">
      <h2 id="numbers-heading" className="text-lg font-semibold">
        {t("studio.numbers")}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {metrics.map(([key, label]) => (
          <div key={key} className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
            <dt className="text-sm text-neutral-600 dark:text-neutral-400">{t(label)}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{t("studio.total", { count: totals[key] })}</dd>
            <dd className="mt-3">
              <DayBars days={days} metric={key} label={t(label)} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One bar a day, oldest first, scaled to the busiest day; named by its sum for those who cannot see it. */
function DayBars({ days, metric, label }: { days: StudioDay[]; metric: keyof StudioCounts; label: string }) {
  const t = useT();
  const max = Math.max(1, ...days.map((day) => day[metric]));
  const sum = days.reduce((total, day) => total + day[metric], 0);
  return (
    <figure>
      <svg viewBox={`0 0 ${days.length * 4} 32`} preserveAspectRatio="none" className="h-10 w-full" role="img" aria-label={t("studio.daysLabel", { metric: label, days: days.length, sum })}>
        {days.map((day, at) => {
          const height = Math.max(0.75, (Math.max(0, day[metric]) / max) * 32);
          return (
            <rect key={day.day} x={at * 4 + 0.5} y={32 - height} width={3} height={height} className={day[metric] > 0 ? "fill-neutral-900 dark:fill-white" : "fill-neutral-200 dark:fill-neutral-800"}>
              <title>{t("studio.dayTitle", { day: day.day, count: day[metric] })}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">{t("studio.lastDays", { days: days.length })}</figcaption>
    </figure>
  );
}
