import { toast } from "~/lib/toast";
import type { ImageSummary } from "#contracts/catalog";

/**
 * Shares a page of the site (`path`): the system share sheet when there is one, else (or when
 * the sheet fails for any reason but the visitor closing it) the clipboard.
 */
export async function sharePage(title: string, path: string, baseUrl: string): Promise<void> {
  const url = `${baseUrl}${path}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if ((error as Error | null)?.name === "AbortError") return; // The visitor closed the share sheet.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied to clipboard!");
  } catch {
    toast.error("Could not copy the link", { description: url });
  }
}

/** Shares the image's own page. */
export function shareImage(image: ImageSummary, baseUrl: string): Promise<void> {
  return sharePage(image.title, image.path, baseUrl);
}
