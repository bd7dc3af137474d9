/** The orientation and colour a URL asks for, as given (the loader's schema checks them). */
export function filterParams(params: URLSearchParams): { orientation: string | undefined; color: string | undefined } {
  return { orientation: params.get("orientation") ?? undefined, color: params.get("color") ?? undefined };
}

/** Which list a gallery URL shows: its tag (which wins) or its search text, and its filters. */
export function listKey(url: URL): string {
  const { orientation, color } = filterParams(url.searchParams);
  const narrowed = `|${orientation ?? ""}|${color ?? ""}`;
  const tag = url.searchParams.get("tag")?.trim();
  if (tag) return `tag:${tag.toLowerCase()}${narrowed}`;
  const q = url.searchParams.get("q")?.trim();
  return `${q ? `q:${url.searchParams.get("asTyped") === "1" ? "=" : ""}${q}` : "all"}${narrowed}`;
}

export function isImagePath(pathname: string): boolean {
  return pathname.startsWith("/images/");
}
