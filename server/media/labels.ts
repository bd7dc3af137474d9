import { sha256 } from "./keys.ts";

/**
 * The label every JPEG, WebP and AVIF the site hands out carries, as XMP: the IPTC digital
 * source type that says the picture was made by a trained algorithm, its title, its creator
 * and the license it is free under. Nothing else of the uploaded file's metadata survives
 * (variants.ts and download.ts write the label and drop the rest).
 */

export const DIGITAL_SOURCE_TYPE = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

interface MediaLabel {
  title: string;
  creator: string;
  licenseUrl: string;
}

/** Text as XML character data: markup escaped, characters XML 1.0 forbids dropped. */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The XMP packet for `label`. */
export function labelXmp(label: MediaLabel): string {
  const license = xmlText(label.licenseUrl);
  return [
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">`,
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `<rdf:Description rdf:about=""`,
    ` xmlns:dc="http://purl.org/dc/elements/1.1/"`,
    ` xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"`,
    ` xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"`,
    ` Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPE}"`,
    ` xmpRights:WebStatement="${license}">`,
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(label.title)}</rdf:li></rdf:Alt></dc:title>`,
    `<dc:creator><rdf:Seq><rdf:li>${xmlText(label.creator)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">Free to use: ${license}</rdf:li></rdf:Alt></dc:rights>`,
    `</rdf:Description>`,
    `</rdf:RDF>`,
    `</x:xmpmeta>`,
    `<?xpacket end="r"?>`,
  ].join("\n");
}

/** What the database keeps to know which label an image's files carry (images.media_label). */
export function labelHash(xmp: string): string {
  return sha256(Buffer.from(xmp, "utf8"));
}

/** The license URL labels point at, on this site. */
export function licenseUrlOf(baseUrl: string): string {
  return `${baseUrl}/license`;
}
