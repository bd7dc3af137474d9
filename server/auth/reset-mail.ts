import { readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, isOffered, LOCALES, localizedPath, textDirection, type OfferedLocale } from "#contracts/locales";
import { translator, type Translator } from "#contracts/messages";

/** The mails' words per language (catalogs/<locale>/mail.json, ICU, checked by app/i18n/catalogs.test.ts), compiled once at start. */
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => {
    const messages = JSON.parse(readFileSync(path.join(import.meta.dirname, "catalogs", locale, "mail.json"), "utf8")) as Record<string, string>;
    const compiled = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessageOrThrow(message)]));
    return [locale, translator(locale, compiled)];
  }),
) as Record<OfferedLocale, Translator>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The password-reset mail to `to`, in the account's language (`locale`, English when it chose
 * none), its link to the reset page under that language's prefix.
 */
export function resetPasswordMail(options: { to: string; name: string; locale: unknown; baseUrl: string; token: string; minutes: number }) {
  const { to, name, baseUrl, token, minutes } = options;
  const locale = isOffered(options.locale) ? options.locale : DEFAULT_LOCALE;
  const i18n = catalogs[locale as OfferedLocale];
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
  const link = `${baseUrl}${localizedPath(locale, "/reset-password")}?token=${encodeURIComponent(token)}`;
  const expiry = t("mail.reset.expiry", { minutes });
  const text = [t("mail.reset.greeting", { name }), "", t("mail.reset.asked"), t("mail.reset.open"), "", link, "", expiry].join("\n");
  const html = `<div lang="${locale}" dir="${textDirection(locale)}">
<p>${escape(t("mail.reset.greeting", { name }))}</p>
<p>${escape(t("mail.reset.asked"))}</p>
<p><a href="${escape(link)}">${escape(t("mail.reset.button"))}</a></p>
<p>${escape(expiry)}</p>
</div>`;
  return { to, subject: t("mail.reset.subject"), text, html, link };
}
