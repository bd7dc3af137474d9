import { useT } from "~/i18n/i18n";
import { toast } from "~/lib/toast";
import { useRootData } from "~/lib/viewer";

/**
 * `share(title, path)` shares a page of the site: the system share sheet when there is one,
 * else (or when the sheet fails for any reason but the visitor closing it) the clipboard, with
 * a toast in the page's language.
 */
export function useShare(): (title: string, path: string) => Promise<void> {
  const t = useT();
  const { settings } = useRootData();
  return async (title, path) => {
    const url = `${settings.baseUrl}${path}`;
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
      toast.success(t("share.copied"));
    } catch {
      toast.error(t("share.failed"), { description: url });
    }
  };
}
