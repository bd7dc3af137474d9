import { useState } from "react";
import { Link } from "react-router";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { toast } from "~/lib/toast";
import { api, queryString } from "~/lib/api";
import { ShuffleIcon, Spinner } from "~/lib/icons";

/** 'Explore tags': a handful of random tags, and Shuffle for another handful. */
export function ExploreTags({ initial }: { initial: string[] }) {
  const [tags, setTags] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [shownInitial, setShownInitial] = useState(initial);
  const t = useT();
  const home = useLocalizedPath()("/");
  if (shownInitial !== initial) {
    setShownInitial(initial);
    setTags(initial);
  }
  if (tags.length === 0) return null;

  const shuffle = () => {
    setBusy(true);
    api<{ tags: string[] }>("/api/tags/random").then(
      (answer) => {
        setTags(answer.tags);
        setBusy(false);
      },
      (error: Error) => {
        toast.error(t("tags.shuffleFailed"), { description: error.message });
        setBusy(false);
      },
    );
  };

  return (
    <section aria-labelledby="explore-tags" className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr_auto]">
      {/* Heights fixed (h-9, min-h-11 less the -my-1): the row stays put while the HTML of its chips and button arrives. */}
      <h2 id="explore-tags" className="flex h-9 items-center text-sm font-semibold text-neutral-700 dark:text-neutral-300">
        {t("tags.explore")}
      </h2>
      <ul className="order-last col-span-2 -my-1 flex min-h-11 min-w-0 gap-2 overflow-x-auto py-1 [scrollbar-width:none] sm:order-none sm:col-span-1">
        {tags.map((tag) => (
          <li key={tag} className="shrink-0">
            <Link to={`${home}${queryString({ tag })}`} className="chip" translate="no">
              {tag}
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" onClick={shuffle} disabled={busy} className="button-secondary h-9 rounded-full px-3.5">
        {busy ? <Spinner size={16} /> : <ShuffleIcon size={16} />}
        {t("tags.shuffle")}
      </button>
    </section>
  );
}
