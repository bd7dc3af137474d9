import { longDate } from "./dates";

/**
 * Numbers and dates a page shows, formatted by the server so that the browser need not.
 * A browser's first Intl formatter costs about 35 ms of CPU while ICU sets itself up (140 ms
 * on a slow phone), all of it inside hydration's long task; a page whose loader sends these
 * texts hydrates without one, and the browser formats only a value that has changed since.
 */
export interface KnownTexts {
  /** `String(n)` -> n in the page's language ("1,234", "1.234"). */
  numbers: Record<string, string>;
  /** An ISO date -> its long form ("November 23, 2026", "23. November 2026"). */
  dates: Record<string, string>;
}

/** For a loader: the texts of `numbers` and `dates` (ISO strings; absent ones are skipped) in `locale`. */
export function knownTexts(locale: string, numbers: number[], dates: Array<string | null | undefined>): KnownTexts {
  return {
    numbers: Object.fromEntries(numbers.map((n) => [String(n), n.toLocaleString(locale)])),
    dates: Object.fromEntries(dates.filter((iso): iso is string => Boolean(iso)).map((iso) => [iso, longDate(new Date(iso), locale)])),
  };
}

/** Formats in `locale`, taking a text the server sent when it has one. */
export interface Formats {
  number: (n: number) => string;
  longDate: (iso: string) => string;
}

export function formatsFor(locale: string, known?: KnownTexts): Formats {
  return {
    number: (n) => known?.numbers[String(n)] ?? n.toLocaleString(locale),
    longDate: (iso) => known?.dates[iso] ?? longDate(new Date(iso), locale),
  };
}
