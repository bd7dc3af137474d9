/** Dates as pages show them, always in UTC so that the server's rendering and the browser's agree. */

/** 'November 23, 2026'. */
export function longDate(date: Date): string {
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** 'November 23, 2026, 14:05 UTC'. */
export function longDateTime(date: Date): string {
  const time = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${longDate(date)}, ${time} UTC`;
}
