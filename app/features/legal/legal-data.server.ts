import { pageMessages, requestLocale } from "~/i18n/catalogs.server";
import { longDate } from "~/lib/dates";

/** A legal page's data: today's date, which it shows as 'Last updated', in the page's language, and the legal area's messages. */
export function legalPageData(request: Request) {
  return { updated: longDate(new Date(), requestLocale(request)), ...pageMessages(request, "legal") };
}
