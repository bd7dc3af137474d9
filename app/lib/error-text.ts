import { type MessageId, useT } from "~/i18n/i18n";
import { ApiError } from "./api";

/**
 * A screen's words for the API's refusals, by `code` (the contract; the API's messages are
 * English): a message, or a function of the error that words it (undefined: as if not listed).
 * The code "" stands for an error that is no API error at all.
 */
export type ErrorWords = Partial<Record<string, MessageId | ((error: ApiError) => string | undefined)>>;

/**
 * `text(error)`: what a failed API call says, in the page's language. A screen gives its words by
 * code, the values its messages fill in, and `otherwise`, its words for any other failure. Without
 * them, the browser's own cases (no answer at all, or an answer that is not the API's error) are
 * said from area `layout`, which every page has, and an API error keeps the API's message.
 */
export function useErrorText(screen: { words?: ErrorWords; values?: Record<string, unknown>; otherwise?: MessageId } = {}) {
  const t = useT();
  return (error: unknown): string => {
    const code = error instanceof ApiError ? error.code : "";
    const said = screen.words?.[code];
    const text = typeof said === "function" ? (error instanceof ApiError ? said(error) : undefined) : said && t(said, screen.values);
    if (text !== undefined) return text;
    if (screen.otherwise) return t(screen.otherwise, screen.values);
    return code === "NETWORK" ? t("error.network") : code === "HTTP" ? t("error.server") : (error as Error).message;
  };
}
