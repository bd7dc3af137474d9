import { readFileSync } from "node:fs";
import path from "node:path";

/** A `<link rel="stylesheet">` to a hashed build asset, as React Router's `<Links />` writes it (with the page's nonce, if any). */
const STYLESHEET_LINK = /<link (?:nonce="[^"]*" )?rel="stylesheet" href="(\/assets\/[\w.-]+\.css)#?"\/>/g;

/**
 * Puts the app's stylesheet into each page it links, so the first paint waits for the HTML
 * alone instead of a second request that shares a slow connection with the scripts and
 * images (decision 008). The link stays, so hydration finds what it rendered, but as
 * `media="print"`: it no longer holds up the paint. Hashed files never change, so each is
 * read once. The `<style>` carries the response's CSP nonce, when there is one.
 */
export function stylesheetInliner(clientDir: string): (html: string, nonce?: string) => string {
  const contents = new Map<string, string>();
  const read = (href: string) => {
    let css = contents.get(href);
    if (css === undefined) {
      css = readFileSync(path.join(clientDir, href), "utf8");
      contents.set(href, css);
    }
    return css;
  };
  return (html, nonce) => {
    const open = nonce ? `<style nonce="${nonce}">` : "<style>";
    return html.replace(STYLESHEET_LINK, (link, href: string) => `${open}${read(href)}</style>${link.replace("/>", ' media="print"/>')}`);
  };
}
