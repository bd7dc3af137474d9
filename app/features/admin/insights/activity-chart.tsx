import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { DayActivity } from "#contracts/insights";
import { useLocale, useT, type MessageId } from "~/i18n/i18n";
import { shortDay } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";

/** A line of a chart: which count, its name (a message), its colour (readable on light and dark). */
export interface Series {
  key: keyof Omit<DayActivity, "day">;
  label: MessageId;
  color: string;
}

const CHART_HEIGHT = 176;
const tick = { fill: "currentColor", fontSize: 12 };

/**
 * One chart of counts per day with its title and total, and the same numbers as a table
 * (toggled open): the page says everything before its script runs, and to screen readers;
 * the chart itself (drawn in the browser, by recharts) is for eyes only.
 */
export function ActivityChart({ title: titleId, series, daily, className = "" }: { title: MessageId; series: Series[]; daily: DayActivity[]; className?: string }) {
  const hydrated = useHydrated();
  const t = useT();
  const locale = useLocale();
  const title = t(titleId);
  // A day in the language's words, through a message so that a language may word it (and the pseudo-locale sees it as one).
  const dayName = (day: string) => t("insights.date", { day: shortDay(day, locale) });
  const id = `chart-${series[0]!.key}`;
  const total = (key: Series["key"]) => daily.reduce((sum, day) => sum + day[key], 0);
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-neutral-200 p-4 dark:border-neutral-800 ${className}`}>
      <h3 id={id} className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
        {title}
      </h3>
      <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        {series.map((s) => (
          <div key={s.key} className="flex items-baseline gap-2">
            <dt className="sr-only">{t(s.label)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{t("insights.count", { count: total(s.key) })}</dd>
            {series.length > 1 && (
              <span aria-hidden="true" className="flex items-center gap-1.5 text-sm text-neutral-600 dark:text-neutral-400">
                <span className="inline-block size-2.5 rounded-full" style={{ backgroundColor: s.color }} />
                {t(s.label)}
              </span>
            )}
          </div>
        ))}
      </dl>
      <div aria-hidden="true" className="mt-3 text-neutral-600 dark:text-neutral-400" style={{ height: CHART_HEIGHT }}>
        {hydrated && (
          <AreaChart data={daily} responsive accessibilityLayer={false} style={{ width: "100%", height: CHART_HEIGHT }} margin={{ top: 4, right: 8, bottom: 0, left: -12 }}>
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="day" tickFormatter={dayName} tick={tick} tickLine={false} axisLine={false} minTickGap={24} />
            <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
            <Tooltip labelFormatter={(day) => dayName(String(day))} contentStyle={{ color: "#171717", borderRadius: 8 }} />
            {series.map((s) => (
              <Area key={s.key} type="monotone" dataKey={s.key} name={t(s.label)} stroke={s.color} fill={s.color} fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
            ))}
          </AreaChart>
        )}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white">{t("insights.perDay")}</summary>
        {/* Focusable: keys scroll it (axe: scrollable-region-focusable). */}
        <div tabIndex={0} className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{t("insights.perDayCaption", { title })}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium">
                  {t("insights.day")}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 text-right font-medium">
                    {t(s.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.day} className="border-t border-neutral-100 dark:border-neutral-900">
                  <th scope="row" className="py-1 font-normal">
                    <time dateTime={day.day}>{dayName(day.day)}</time>
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="py-1 text-right">
                      {t("insights.count", { count: day[s.key] })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
