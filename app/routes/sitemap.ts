import { LOCALES, localizedPath } from "#contracts/locales";
import type { Route } from "./+types/sitemap";

const staticPaths = ["/", "/license", "/privacy-policy", "/terms-of-service"];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** sitemap.xml: the static pages and every published image's own page, streamed; each names its page in every language (hreflang). */
export function loader({ context }: Route.LoaderArgs) {
  const { settings, services, log } = context;
  const encoder = new TextEncoder();
  const href = (path: string) => escapeXml(settings.baseUrl + path);
  const alternates = (path: string) =>
    [...LOCALES.map((locale) => [locale, localizedPath(locale, path)]), ["x-default", path]]
      .map(([lang, localized]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href(localized!)}"/>`)
      .join("");
  const url = (path: string, updatedAt?: string) =>
    encoder.encode(`<url><loc>${href(path)}</loc>${updatedAt ? `<lastmod>${updatedAt}</lastmod>` : ""}${alternates(path)}</url>\n`);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`));
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
