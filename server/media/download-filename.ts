const MAX_NAME_LENGTH = 120;

/**
 * The file name a download is saved under: the title with its spaces replaced by
 * underscores, plus `.jpg` (spec; a collection's ZIP: `.zip`). Characters no file system or
 * header takes (control characters, / \ : * ? " < > |) become underscores too; an empty
 * title is 'Untitled'.
 */
export function downloadFileName(title: string, extension = ".jpg"): string {
  const name = Array.from(
    title
      .normalize("NFC")
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
      .trim()
      .replace(/[\s/\\:*?"<>|]/gu, "_")
      .replace(/^\.+/, ""),
  )
    .slice(0, MAX_NAME_LENGTH)
    .join("");
  return `${name || "Untitled"}${extension}`;
}

/** RFC 5987 / 8187 `value-chars`: percent-encoded UTF-8, with the few characters encodeURIComponent leaves that attr-char does not allow. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<exact name>`: browsers use
 * the exact (unicode) name; the fallback keeps old clients safe (accents dropped, other
 * non-ASCII characters and % as underscores).
 */
export function attachmentDisposition(title: string, extension = ".jpg"): string {
  const name = downloadFileName(title, extension);
  const fallbackBase = name
    .slice(0, -extension.length)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|[%;]/g, "_");
  const fallback = `${/[A-Za-z0-9]/.test(fallbackBase) ? fallbackBase : "Untitled"}${extension}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
