import { Link } from "react-router";
import type { SearchCount, TopImage } from "#contracts/insights";
import { Picture } from "~/components/picture";
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
  return (
    <section aria-labelledby="top-images">
      <h3 id="top-images" className="text-lg font-semibold">
        Top images
      </h3>
      {images.length === 0 ? (
        <Empty>No image was viewed in this period.</Empty>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
<CountsHead first="Image" counts={["Views", "Downloads", "Likes"]} />
            <tbody>
              {images.map(({ image, views, downloads, likes }) => (
                <tr key={image.id} className="border-t border-neutral-200 dark:border-neutral-800">
                  <th scope="row" className="px-2 py-2 font-normal">
                    <Link to={image.path} className="flex items-center gap-3 hover:underline">
                      <span className="size-10 shrink-0 overflow-hidden rounded-md sm:size-12" style={{ backgroundColor: image.color }}>
                        <Picture image={image} sizes="48px" className="size-full object-cover" />
                      </span>
                      <span className="min-w-0">
                        <span className="block font-medium">{image.title}</span>
                        <span className="block text-neutral-600 dark:text-neutral-400">{image.creator.name}</span>
                      </span>
                    </Link>
                  </th>
                  <td className={cell}>{views.toLocaleString("en-US")}</td>
                  <td className={cell}>{downloads.toLocaleString("en-US")}</td>
                  <td className={cell}>{likes.toLocaleString("en-US")}</td>
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
<CountsHead first="Search" counts={["Times", "Visitors"]} />
            <tbody>
              {searches.map((search) => (
                <tr key={search.query} className="border-t border-neutral-200 dark:border-neutral-800">
                  <th scope="row" className="px-2 py-2 font-normal">
                    <Link to={`/?q=${encodeURIComponent(search.query)}`} className="break-words font-medium hover:underline" title={`Last searched ${longDateTime(new Date(search.lastAt))}`}>
                      {search.query}
                    </Link>
                  </th>
                  <td className={cell}>{search.searches.toLocaleString("en-US")}</td>
                  <td className={cell}>{search.visitors.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
