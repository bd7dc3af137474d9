import type { Route } from "./+types/sitemap";

const staticPaths = ["/", "/license", "/privacy-policy", "/terms-of-service"];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** sitemap.xml: the static pages and every published image's own page, streamed. */
export function loader({ context }: Route.LoaderArgs) {
  const { settings, services, log } = context;
  const encoder = new TextEncoder();
  const url = (path: string, updatedAt?: string) =>
    encoder.encode(`<url><loc>${escapeXml(settings.baseUrl + path)}</loc>${updatedAt ? `<lastmod>${updatedAt}</lastmod>` : ""}</url>\n`);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`));
      for (const path of staticPaths) controller.enqueue(url(path));
      try {
        for await (const entry of services.catalog.sitemap()) controller.enqueue(url(entry.path, entry.updatedAt));
        controller.enqueue(encoder.encode("</urlset>\n"));
        controller.close();
      } catch (error) {
        log.error("sitemap.xml failed", error);
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
