import { useT } from "~/i18n/i18n";
import { ApiError } from "./api";

/**
 * `text(error)`: what a failed API call says, in the page's language where the words are the
 * browser's own (no answer at all, or an answer that is not the API's error: area `layout`,
 * which every page has); an API error keeps the API's message (English, its `code` the contract).
 */
export function useErrorText() {
  const t = useT();
  return (error: unknown): string => {
    const code = error instanceof ApiError ? error.code : "";
    return code === "NETWORK" ? t("error.network") : code === "HTTP" ? t("error.server") : (error as Error).message;
  };
}
