import { data, Link } from "react-router";
import { insightsQuery, insightsRanges } from "#contracts/insights";
import { ActivityChart, type Series } from "~/features/admin/insights/activity-chart";
import { SearchTable, TopImages } from "~/features/admin/insights/insights-lists";
import { adminMetaT } from "~/features/admin/admin-meta";
import { useLocale, useT, type MessageId } from "~/i18n/i18n";
import { longDate } from "~/lib/dates";
import type { Route } from "./+types/insights";

export function meta(args: Route.MetaArgs) {
  return [{ title: adminMetaT(args)("insights.metaTitle") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = insightsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(query.error.issues[0]!.message, { status: 400 });
  return context.services.insights.overview(await context.viewer(), query.data.days);
}

const charts: Array<{ title: MessageId; series: Series[] }> = [
  { title: "insights.views", series: [{ key: "views", label: "insights.views", color: "#0ea5e9" }] },
  { title: "insights.downloads", series: [{ key: "downloads", label: "insights.downloads", color: "#10b981" }] },
  { title: "insights.likes", series: [{ key: "likes", label: "insights.likes", color: "#f43f5e" }] },
  { title: "insights.signups", series: [{ key: "signups", label: "insights.signups", color: "#8b5cf6" }] },
  {
    title: "insights.searches",
    series: [
      { key: "searches", label: "insights.searches", color: "#f59e0b" },
      { key: "emptySearches", label: "insights.foundNothing", color: "#737373" },
    ],
  },
];

/** /admin/insights?days=30|90: what visitors did per day, the images they turned to, what they searched for. */
export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  const { days, from, to, daily, topImages, topSearches, emptySearches } = loaderData;
  const t = useT();
  const locale = useLocale();
  const day = (date: string) => longDate(new Date(`${date}T00:00:00Z`), locale);
  return (
    <section aria-labelledby="insights-heading" className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="insights-heading" className="text-xl font-semibold">
            {t("insights.title")}
          </h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t("insights.range", { from: day(from), to: day(to) })}
          </p>
        </div>
        <nav aria-label={t("insights.period")}>
          <ul className="flex rounded-lg border border-neutral-200 p-0.5 text-sm dark:border-neutral-800">
            {insightsRanges.map((range) => {
              const current = Number(range) === days;
              return (
                <li key={range}>
                  <Link
                    to={`?days=${range}`}
                    aria-current={current ? "page" : undefined}
                    className={`inline-block rounded-md px-3 py-1.5 font-medium ${
                      current ? "bg-neutral-950 text-white dark:bg-white dark:text-neutral-950" : "text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white"
                    }`}
                  >
                    {t("insights.days", { days: Number(range) })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {charts.map((chart, i) => (
          // The last of an odd number takes the whole row.
          <ActivityChart key={chart.title} title={chart.title} series={chart.series} daily={daily} className={i === charts.length - 1 && i % 2 === 0 ? "md:col-span-2" : ""} />
        ))}
      </div>
      <TopImages images={topImages} />
      <div className="grid gap-8 md:grid-cols-2">
        <SearchTable id="top-searches" title={t("insights.topSearches")} hint={t("insights.topSearchesHint")} empty={t("insights.nobodySearched")} searches={topSearches} />
        <SearchTable
          id="empty-searches"
          title={t("insights.emptySearches")}
          hint={t("insights.emptySearchesHint")}
          empty={t("insights.allFound")}
          searches={emptySearches}
        />
      </div>
    </section>
  );
}
