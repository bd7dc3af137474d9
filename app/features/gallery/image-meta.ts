import type { MetaDescriptor } from "react-router";
import type { ImageDetail } from "#contracts/catalog";
import { localizedPath, type Locale } from "#contracts/locales";

/** The width of the JPEG behind `src`, read from its srcset entry. */
function srcWidth(image: ImageDetail): number {
  const jpeg = image.sources.find((source) => source.type === "image/jpeg");
  const entry = jpeg?.srcset.split(",").map((part) => part.trim().split(/\s+/)).find(([url]) => url === image.src);
  const width = Number(entry?.[1]?.replace(/w$/, ""));
  return Number.isFinite(width) && width > 0 ? width : image.width;
}

/**
 * An image page's head: title, description, canonical URL, Open Graph and Twitter cards,
 * and schema.org ImageObject data with the license.
 */
export function imageMeta(image: ImageDetail, baseUrl: string, locale: Locale): MetaDescriptor[] {
  const url = `${baseUrl}${localizedPath(locale, image.path)}`;
  const imageUrl = new URL(image.src, `${baseUrl}/`).href;
  const width = srcWidth(image);
  const height = Math.round((width * image.height) / image.width);
  const title = `${image.title} by ${image.creator.name}`;
  const license = `${baseUrl}${localizedPath(locale, "/license")}`;
  return [
    { title: `${title} · Stockroom` },
    { name: "description", content: image.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Stockroom" },
    { property: "og:title", content: title },
    { property: "og:description", content: image.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(width) },
    { property: "og:image:height", content: String(height) },
    { property: "og:image:alt", content: image.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: image.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.title },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ImageObject",
        name: image.title,
        description: image.description,
        contentUrl: imageUrl,
        url,
        width: image.width,
        height: image.height,
        encodingFormat: "image/jpeg",
        datePublished: image.createdAt,
        keywords: image.tags.join(", "),
        creator: { "@type": "Person", name: image.creator.name },
        creditText: image.creator.name,
        copyrightNotice: `Free to use under the Stockroom License`,
        license,
        acquireLicensePage: license,
      },
    },
  ];
}
