import { useLocale, useT } from "~/i18n/i18n";
import { longDate, utcTime } from "~/lib/dates";

/** `at(date)`: 'November 23, 2026, 14:05 UTC' in the page's language, as the admin's lists date what happened. */
export function useDateTime() {
  const t = useT();
  const locale = useLocale();
  return (date: Date) => t("admin.dateTime", { date: longDate(date, locale), time: utcTime(date) });
}
