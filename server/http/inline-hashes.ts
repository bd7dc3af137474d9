import { hashSource } from "./security-headers.ts";

/**
 * Content-Security-Policy sources for the inline scripts and styles of a page that is sent
 * many times. A nonce must be new for every response, so a kept page cannot carry one: its
 * policy names the SHA-256 of each inline script and style instead, which holds for as long
 * as the page's bytes do (decision 015).
 */

export interface InlineHashes {
  /** `'sha256-…'` of each inline `<script>` (those without `src`), in page order, without repeats. */
  scripts: string[];
  /** The same for each `<style>` element. */
  styles: string[];
}

/** Raw text elements: their content runs to the first closing tag, taken literally (HTML's rule). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;

export function inlineHashes(html: string): InlineHashes {
  const scripts = [...html.matchAll(INLINE_SCRIPT)].filter((match) => !HAS_SRC.test(match[1]!)).map((match) => hashSource(match[2]!));
  const styles = [...html.matchAll(INLINE_STYLE)].map((match) => hashSource(match[1]!));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

const NONCE_SOURCE = /^'nonce-[^']*'$/i;

/**
 * `policy` (a Content-Security-Policy as built for one response, with `'nonce-…'` sources)
 * made fit for a page sent many times: in each directive that allowed a nonce, the nonce
 * gives way to the hashes of the page's inline scripts (`script-src`, `script-src-elem`),
 * styles (`style-src`, `style-src-elem`) or both (`default-src`). Directives without a
 * nonce stay as they are: adding a hash there would switch off an `'unsafe-inline'`.
 */
export function hashBasedCsp(policy: string, hashes: InlineHashes): string {
  return policy
    .split(";")
    .map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      if (!sources.some((source) => NONCE_SOURCE.test(source))) return directive.trim();
      const kind = name.toLowerCase();
      const added =
        kind === "script-src" || kind === "script-src-elem"
          ? hashes.scripts
          : kind === "style-src" || kind === "style-src-elem"
            ? hashes.styles
            : kind === "default-src"
              ? [...hashes.scripts, ...hashes.styles]
              : [];
      return [name, ...sources.filter((source) => !NONCE_SOURCE.test(source)), ...added].join(" ");
    })
    .filter(Boolean)
    .join("; ");
}
