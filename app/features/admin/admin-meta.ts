import { metaT } from "~/i18n/i18n";

/** An admin section's `meta` in the page's language: the admin layout's loader sends the admin screens' messages. */
export function adminMetaT({ location, matches }: { location: { pathname: string }; matches: ReadonlyArray<{ id: string; data?: unknown } | undefined> }) {
  return metaT(location.pathname, matches.find((match) => match?.id.endsWith("routes/admin/layout"))?.data as { messages?: unknown } | undefined);
}
