import { DEFAULT_LOCALE } from "#contracts/locales";
import { longDate } from "./dates";

/**
 * Numbers, dates and file sizes a page shows, formatted by the server so that the browser
 * need not. Alone, a browser's first Intl formatter costs 100-190 ms of a 4x-slowed CPU while
 * ICU sets itself up; a page whose loader sends these texts hydrates without one (on the image
 * page the median blocking time fell 548 -> 521 ms, within the loads' scatter), and the browser
 * formats only a value that has changed since.
 */
export interface KnownTexts {
  /** `String(n)` -> n in the page's language ("1,234", "1.234"). */
  numbers: Record<string, string>;
  /** An ISO date -> its long form ("November 23, 2026", "23. November 2026"). */
  dates: Record<string, string>;
  /** A size in bytes -> in megabytes, when the language is not English ("2,5 MB", "2,5 Mo"). */
  sizes: Record<string, string>;
}

const MB = 1024 * 1024;

/**
 * An image's size in megabytes with one decimal as `locale` writes it ("2,5 MB", "2,5 Mo",
 * "< 0,1 MB" under 0.05 MB); English keeps the API's text, which the spec spells ("2.5MB").
 */
function megabytes(locale: string, bytes: number, english: string): string {
  if (locale === DEFAULT_LOCALE) return english;
  const unit = new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return bytes < 0.05 * MB ? `< ${unit.format(0.1)}` : unit.format(bytes / MB);
}

/** For a loader: the texts of `numbers`, `dates` (ISO strings; absent ones are skipped) and file `sizes` in `locale`. */
export function knownTexts(
  locale: string,
  { numbers = [], dates = [], sizes = [] }: { numbers?: number[]; dates?: Array<string | null | undefined>; sizes?: Array<{ bytes: number; english: string }> },
): KnownTexts {
  return {
    numbers: Object.fromEntries(numbers.map((n) => [String(n), n.toLocaleString(locale)])),
    dates: Object.fromEntries(dates.filter((iso): iso is string => Boolean(iso)).map((iso) => [iso, longDate(new Date(iso), locale)])),
    sizes: Object.fromEntries(sizes.map(({ bytes, english }) => [String(bytes), megabytes(locale, bytes, english)])),
  };
}

/** Formats in `locale`, taking a text the server sent when it has one. */
export interface Formats {
  number: (n: number) => string;
  longDate: (iso: string) => string;
  /** A file's size in megabytes; `english` is the API's text for it. */
  fileSize: (bytes: number, english: string) => string;
}

export function formatsFor(locale: string, known?: KnownTexts): Formats {
  return {
    number: (n) => known?.numbers[String(n)] ?? n.toLocaleString(locale),
    longDate: (iso) => known?.dates[iso] ?? longDate(new Date(iso), locale),
    fileSize: (bytes, english) => known?.sizes[String(bytes)] ?? megabytes(locale, bytes, english),
  };
}
