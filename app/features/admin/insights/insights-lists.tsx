import { Link } from "react-router";
import type { SearchCount, TopImage } from "#contracts/insights";
import { Picture } from "~/components/picture";
import { useLocale, useLocalizedPath, useT } from "~/i18n/i18n";
import { longDateTime } from "~/lib/dates";

const cell = "px-1.5 py-2 text-right tabular-nums sm:px-2";
const head = "px-1.5 py-2 font-medium sm:px-2";

/** A table's head: the thing counted, then the counts' names. */
function CountsHead({ first, counts }: { first: string; counts: string[] }) {
  return (
    <thead className="text-neutral-600 dark:text-neutral-400">
      <tr>
        <th scope="col" className={head}>
          {first}
        </th>
        {counts.map((name) => (
          <th key={name} scope="col" className={`${head} text-right`}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">{children}</p>;
}

/** The images most viewed in the range, with their thumbnails, links and counts. */
export function TopImages({ images }: { images: TopImage[] }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <section aria-labelledby="top-images">
      <h3 id="top-images" className="text-lg font-semibold">
        {t("insights.topImages")}
      </h3>
      {images.length === 0 ? (
        <Empty>{t("insights.noViews")}</Empty>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <CountsHead first={t("insights.image")} counts={[t("insights.views"), t("insights.downloads"), t("insights.likes")]} />
            <tbody>
              {images.map(({ image, views, downloads, likes }) => (
                <tr key={image.id} className="border-t border-neutral-200 dark:border-neutral-800">
                  <th scope="row" className="px-2 py-2 font-normal">
                    <Link to={to(image.path)} className="flex items-center gap-3 hover:underline" translate="no">
                      <span className="size-10 shrink-0 overflow-hidden rounded-md sm:size-12" style={{ backgroundColor: image.color }}>
                        <Picture image={image} sizes="48px" className="size-full object-cover" />
                      </span>
                      <span className="min-w-0">
                        <span className="block font-medium">{image.title}</span>
                        <span className="block text-neutral-600 dark:text-neutral-400">{image.creator.name}</span>
                      </span>
                    </Link>
                  </th>
                  <td className={cell}>{t("insights.count", { count: views })}</td>
                  <td className={cell}>{t("insights.count", { count: downloads })}</td>
                  <td className={cell}>{t("insights.count", { count: likes })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Searches with how often they were made and by how many visitors; each opens the search. */
export function SearchTable({ id, title, hint, empty, searches }: { id: string; title: string; hint: string; empty: string; searches: SearchCount[] }) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{hint}</p>
      {searches.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <CountsHead first={t("insights.search")} counts={[t("insights.times"), t("insights.visitors")]} />
            <tbody>
              {searches.map((search) => (
                <tr key={search.query} className="border-t border-neutral-200 dark:border-neutral-800">
                  <th scope="row" className="px-2 py-2 font-normal">
                    <Link
                      to={to(`/?q=${encodeURIComponent(search.query)}`)}
                      className="break-words font-medium hover:underline"
                      title={t("insights.lastSearched", { when: longDateTime(new Date(search.lastAt), locale) })}
                      translate="no"
                    >
                      {search.query}
                    </Link>
                  </th>
                  <td className={cell}>{t("insights.count", { count: search.searches })}</td>
                  <td className={cell}>{t("insights.count", { count: search.visitors })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
