/** Dates as pages show them, always in UTC so that the server's rendering and the browser's agree. */

/** 'November 23, 2026'. */
export function longDate(date: Date, locale = "en-US"): string {
  return date.toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** '14:05': the time of day in UTC, on a 24-hour clock. */
export function utcTime(date: Date): string {
  return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
}

/** 'November 23, 2026, 14:05 UTC' (the date in `locale`'s words). */
export function longDateTime(date: Date, locale = "en-US"): string {
  return `${longDate(date, locale)}, ${utcTime(date)} UTC`;
}

/** 'Nov 23' for a UTC day given as YYYY-MM-DD (in `locale`'s words: '23. Nov.'). */
export function shortDay(day: string, locale = "en-US"): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { month: "short", day: "numeric", timeZone: "UTC" });
}
