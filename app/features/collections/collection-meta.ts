import type { MetaDescriptor } from "react-router";
import type { CollectionPage } from "#contracts/collections";
import { localizedPath, type Locale } from "#contracts/locales";

/** "12 images" / "1 image". */
export function imageCountLabel(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "image" : "images"}`;
}

/**
 * A collection page's head: title, description, canonical URL, and Open Graph and Twitter
 * cards with its newest image; a private one is kept out of search engines.
 */
export function collectionMeta(collection: CollectionPage, baseUrl: string, locale: Locale): MetaDescriptor[] {
  const url = `${baseUrl}${localizedPath(locale, collection.path)}`;
  const title = `${collection.name} · a collection by ${collection.owner.name}`;
  const description = `${imageCountLabel(collection.imageCount)} collected by ${collection.owner.name} on Stockroom: free to use for any purpose, commercial ones included.`;
  const cover = collection.images.items[0];
  const imageUrl = cover && new URL(cover.src, `${baseUrl}/`).href;
  return [
    { title: `${collection.name} · Stockroom` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(collection.isPublic ? [] : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Stockroom" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }, { property: "og:image:alt", content: cover.title }] : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(imageUrl ? [{ name: "twitter:image", content: imageUrl }] : []),
  ];
}
