import { metaT } from "~/i18n/i18n";
import { pageMessages, requestLocale } from "~/i18n/catalogs.server";

/** The studio's messages in the request's language, for what its actions answer (a saved or failed form). */
export function studioT(request: Request) {
  return { t: metaT(new URL(request.url).pathname, pageMessages(request, "studio")), locale: requestLocale(request) };
}
