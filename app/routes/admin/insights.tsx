import { data, Link } from "react-router";
import { insightsQuery, insightsRanges } from "#contracts/insights";
import { ActivityChart, type Series } from "~/features/admin/insights/activity-chart";
import { SearchTable, TopImages } from "~/features/admin/insights/insights-lists";
import { longDate } from "~/lib/dates";
import type { Route } from "./+types/insights";

export const meta = () => [{ title: "Insights · Admin · Stockroom" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = insightsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(query.error.issues[0]!.message, { status: 400 });
  return context.services.insights.overview(await context.viewer(), query.data.days);
}

const charts: Array<{ title: string; series: Series[] }> = [
  { title: "Views", series: [{ key: "views", label: "Views", color: "#0ea5e9" }] },
  { title: "Downloads", series: [{ key: "downloads", label: "Downloads", color: "#10b981" }] },
  { title: "Likes", series: [{ key: "likes", label: "Likes", color: "#f43f5e" }] },
  { title: "Sign-ups", series: [{ key: "signups", label: "Sign-ups", color: "#8b5cf6" }] },
  {
    title: "Searches",
    series: [
      { key: "searches", label: "Searches", color: "#f59e0b" },
      { key: "emptySearches", label: "Found nothing", color: "#737373" },
    ],
  },
];

/** /admin/insights?days=30|90: what visitors did per day, the images they turned to, what they searched for. */
export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  const { days, from, to, daily, topImages, topSearches, emptySearches } = loaderData;
  return (
    <section aria-labelledby="insights-heading" className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="insights-heading" className="text-xl font-semibold">
            Insights
          </h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {longDate(new Date(`${from}T00:00:00Z`))} to {longDate(new Date(`${to}T00:00:00Z`))}, by day in UTC
          </p>
        </div>
        <nav aria-label="Period">
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
                    {range} days
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
        <SearchTable id="top-searches" title="Top searches" hint="What visitors look for most." empty="Nobody searched in this period." searches={topSearches} />
        <SearchTable
          id="empty-searches"
          title="Searches that found nothing"
          hint="What to generate next."
          empty="Every search found images in this period."
          searches={emptySearches}
        />
      </div>
    </section>
  );
}
