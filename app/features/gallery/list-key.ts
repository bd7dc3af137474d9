/** Which list a gallery URL shows: its tag (which wins) or its search text. */
export function listKey(url: URL): string {
  const tag = url.searchParams.get("tag")?.trim();
  if (tag) return `tag:${tag.toLowerCase()}`;
  const q = url.searchParams.get("q")?.trim();
  return q ? `q:${q}` : "all";
}

export function isImagePath(pathname: string): boolean {
  return pathname.startsWith("/images/");
}
