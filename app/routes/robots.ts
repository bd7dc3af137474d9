import type { Route } from "./+types/robots";

/** robots.txt: everything may be crawled except the API; the sitemap is named in full. */
export function loader({ context }: Route.LoaderArgs) {
  const text = ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${context.settings.baseUrl}/sitemap.xml`, ""].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
