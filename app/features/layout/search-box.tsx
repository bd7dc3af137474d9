import { useEffect, useId, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { PopularSearches } from "#contracts/catalog";
import { Q_MAX_LENGTH, TAG_MAX_LENGTH } from "#contracts/catalog-constants";
import { api, queryString } from "~/lib/api";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { SearchIcon } from "~/lib/icons";
import { filterParams } from "~/lib/list-key";
import { useRootData } from "~/lib/viewer";

/** Suggestions close this long after the box loses focus, so a click on one still lands. */
const CLOSE_DELAY_MS = 200;

/** Tags containing the text, case-insensitively: at most 6, from 2 trimmed characters (the server's limits); no tag is longer than 100. */
function useTagSuggestions(text: string): string[] {
  const { minChars, max } = useRootData().suggestions;
  const [found, setFound] = useState<{ for: string; tags: string[] }>({ for: "", tags: [] });
  const query = text.trim();
  const enough = query.length >= minChars && query.length <= TAG_MAX_LENGTH;
  useEffect(() => {
    if (!enough) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<{ tags: string[] }>(`/api/tags/suggestions${queryString({ q: query })}`, { signal: controller.signal }).then(
        (answer) => setFound({ for: query, tags: answer.tags.slice(0, max) }),
        () => setFound({ for: query, tags: [] }),
      );
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enough, max]);
  return enough && found.for === query ? found.tags : [];
}

/** Popular searches of the week, asked for the first time `wanted` is true (the box is focused and empty). */
function usePopularSearches(wanted: boolean): string[] {
  const [searches, setSearches] = useState<string[]>([]);
  const asked = useRef(false);
  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    api<PopularSearches>("/api/searches/popular").then(
      (answer) => setSearches(answer.searches),
      () => setSearches([]),
    );
  }, [wanted]);
  return searches;
}

/**
 * The search box: text search on submit, popular searches while it is focused and empty, and tag suggestions as a combobox (arrow keys move
 * through them, Enter picks one, Escape closes them).
 */
export function SearchBox({ autoFocus, onDone, className }: { autoFocus?: boolean; onDone?: () => void; className?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useT();
  const home = useLocalizedPath()("/");
  const urlQuery = (params.get("q") ?? "").slice(0, Q_MAX_LENGTH);
  const [text, setText] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const tagSuggestions = useTagSuggestions(text);
  const empty = text.trim() === "";
  const popular = usePopularSearches(open && empty);
  // An empty box offers popular searches (each a search); a typed text, tags containing it.
  const suggestions = empty ? popular : tagSuggestions;
  const id = useId();
  const listId = `${id}-suggestions`;
  const expanded = open && suggestions.length > 0;

  // Follow the URL: a new search (or the logo clearing it) shows its own text.
  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    setText(urlQuery);
  }
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const finish = (to: string) => {
    setOpen(false);
    setActive(-1);
    onDone?.();
    void navigate(to);
  };
  // A search or a tag keeps the orientation and colour chosen.
  const filters = filterParams(params);
  const pick = (option: string) => {
    if (empty) return finish(`${home}${queryString({ q: option, ...filters })}`);
    setText("");
    finish(`${home}${queryString({ tag: option, ...filters })}`);
  };

  return (
    <form
      role="search"
      className={`relative ${className ?? ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        const picked = expanded ? suggestions[active] : undefined;
        if (picked) return pick(picked);
        const q = text.trim();
        if (q) finish(`${home}${queryString({ q, ...filters })}`);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("search.label")}
      </label>
      <SearchIcon size={18} className="pointer-events-none absolute start-3.5 top-1/2 -translate-y-1/2 text-neutral-500 dark:text-neutral-400" />
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={Q_MAX_LENGTH}
        placeholder={t("search.placeholder")}
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (!suggestions.length) return;
            event.preventDefault();
            setOpen(true);
            const step = event.key === "ArrowDown" ? 1 : -1;
            // -1 is the text itself; the options follow, and the ends wrap around.
            setActive((at) => {
              const next = at + step;
              return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
            });
          } else if (event.key === "Escape" && expanded) {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            setActive(-1);
          }
        }}
        className="h-11 w-full rounded-full border border-neutral-200 bg-neutral-100 ps-10 pe-4 text-[15px] text-neutral-900 placeholder:text-neutral-500 focus:border-neutral-300 focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:focus:bg-neutral-900 [&::-webkit-search-cancel-button]:hidden"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t(empty ? "search.popular" : "search.tags")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-2xl border border-neutral-200 bg-white py-1.5 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
      >
        {suggestions.map((option, index) => (
          <li
            key={option}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            className="flex cursor-pointer items-center gap-3 px-4 py-2.5 text-sm aria-selected:bg-neutral-100 hover:bg-neutral-100 dark:aria-selected:bg-neutral-800 dark:hover:bg-neutral-800"
          >
            <SearchIcon size={16} className="text-neutral-500 dark:text-neutral-400" />
            {option}
          </li>
        ))}
      </ul>
    </form>
  );
}
