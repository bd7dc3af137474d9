// Apart from the engagement schemas (engagement.ts): the download button, on the first page, reads it without Zod.

/**
 * The cookie a download's answer sets to the image's download count once it is counted (the
 * page cannot read a download's answer, but it can read this), for a minute.
 */
export function downloadedCookie(imageId: number): string {
  return `stockroom_downloaded_${imageId}`;
}
export const DOWNLOADED_COOKIE_SECONDS = 60;
