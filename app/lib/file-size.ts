const KB = 1024;
const MB = KB * KB;

/** A file's size as a person reads it: whole KB under 1 MB ("44 KB"), else MB with one decimal ("2.4 MB"). */
export function fileSizeLabel(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
