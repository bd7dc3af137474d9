import type { MetaDescriptor } from "react-router";
import type { CollectionPage } from "#contracts/collections";
import { localizedPath, type Locale } from "#contracts/locales";
import type { MessageId } from "~/i18n/i18n";

/**
 * A collection page's head: title, description, canonical URL, and Open Graph and Twitter
 * cards with its newest image, in the page's language (`t`: its messages); a private one is
 * kept out of search engines. The name and the owner's name stay as written.
 */
export function collectionMeta(collection: CollectionPage, baseUrl: string, locale: Locale, t: (id: MessageId, values?: Record<string, unknown>) => string): MetaDescriptor[] {
  const url = `${baseUrl}${localizedPath(locale, collection.path)}`;
  const owner = collection.owner.name;
  const title = t("collection.ogTitle", { name: collection.name, owner });
  const description = t("collection.metaDescription", { count: collection.imageCount, owner });
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
