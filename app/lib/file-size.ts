const KB = 1024;
const MB = KB * KB;

/**
 * A file's size as a person reads it, in `locale`'s digits: whole KB under 1 MB ("44 KB"), else
 * MB with one decimal ("2.4 MB"); `words` names the unit in the page's language.
 */
export function fileSizeLabel(bytes: number, locale = "en-US", words = (amount: string, unit: "KB" | "MB") => `${amount} ${unit}`): string {
  if (bytes < MB) return words(new Intl.NumberFormat(locale, { useGrouping: false }).format(Math.max(1, Math.round(bytes / KB))), "KB");
  return words(new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(bytes / MB), "MB");
}
