import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useLocation, useMatches } from "react-router";
import { localizedPath, splitLocale, type Locale } from "#contracts/locales";
import { translator, type Messages, type Translator } from "#contracts/messages";
import type account from "./catalogs/en/account.json";
import type admin from "./catalogs/en/admin.json";
import type gallery from "./catalogs/en/gallery.json";
import type layout from "./catalogs/en/layout.json";
import type profile from "./catalogs/en/profile.json";
import type studio from "./catalogs/en/studio.json";
import type verify from "./catalogs/en/verify.json";
import type developers from "./catalogs/en/developers.json";
import type receipts from "./catalogs/en/receipts.json";
import type legal from "./catalogs/en/legal.json";

/** Every message id, as English's catalogs have them. */
export type MessageId =
  | keyof typeof layout
  | keyof typeof gallery
  | keyof typeof account
  | keyof typeof studio
  | keyof typeof admin
  | keyof typeof profile
  | keyof typeof verify
  | keyof typeof developers
  | keyof typeof receipts
  | keyof typeof legal;

/** What a loader returns to have its page's messages shown (catalogs.server.ts `pageMessages`). */
export interface PageMessages {
  messages: Messages;
}

/** A route's `meta` in its page's language: its own loader's messages (`data`, as serialized) at `pathname`. */
export function metaT(pathname: string, data: { messages?: unknown } | undefined) {
  const i18n = translator(splitLocale(pathname).locale, (data?.messages ?? {}) as Messages);
  return (id: MessageId, values?: Record<string, unknown>): string => i18n._(id, values);
}

/** The page's language: its URL's prefix (decision 044). */
export const useLocale = (): Locale => splitLocale(useLocation().pathname).locale;

const PageI18n = createContext<Translator | null>(null);

/**
 * Gives the page's messages to everything below: those the matched routes' loaders sent, in the
 * page's language (the root's for the header and menus, each page's for its own). A new set of
 * routes or a new language makes a new one.
 */
export function Translations({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const matches = useMatches();
  const i18n = useMemo(() => {
    const messages: Messages = Object.assign({}, ...matches.map((match) => (match.data as Partial<PageMessages> | undefined)?.messages));
    return translator(locale, messages);
  }, [locale, matches]);
  return <PageI18n.Provider value={i18n}>{children}</PageI18n.Provider>;
}

/** The page's messages, ready to format, as Translations gives them. */
export function useI18n(): Translator {
  const i18n = useContext(PageI18n);
  if (!i18n) throw new Error("useI18n: no <Translations> above this component");
  return i18n;
}

/** `t(id, values)`: the message in the page's language, with its placeholders filled in. */
export function useT() {
  const i18n = useI18n();
  return (id: MessageId, values?: Record<string, unknown>): string => i18n._(id, values);
}

/** `to(path)`: an English path (`/login`) as the page's language has it (`/de/login`). */
export function useLocalizedPath() {
  const locale = useLocale();
  return (path: string) => localizedPath(locale, path);
}
