import type { DownloadSizeName } from "./catalog-constants.ts";

// Apart from the catalog's schemas (catalog.ts): the download button, on the first page, reads these without Zod.

/** The parameter of an image's page that starts a download of it once shown: where signing in to download returns to. */
export const DOWNLOAD_PARAM = "download";

/** Image page `page` starting the download of `size` (after signing in: app/components/engagement/download-button.tsx). */
export function downloadReturnPath(page: string, size: DownloadSizeName): string {
  return `${page}?${DOWNLOAD_PARAM}=${size}`;
}
