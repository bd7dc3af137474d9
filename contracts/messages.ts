import type { CompiledIcuChoices, CompiledMessage } from "@lingui/message-utils/compileMessage";

/**
 * Messages as Lingui's compiler makes them from ICU (`{count, plural, one {# image} other {# images}}`
 * -> `[["count", "plural", { one: ["#", " image"], other: ["#", " images"] }]]`), shown by one small
 * formatter on the server (mails) and in the browser (pages). Lingui's runtime did it in 2 KB
 * gzip of every page's first load; this one does what our catalogs use, and the build refuses
 * a message that needs more (app/i18n/compile.ts; decision 053).
 */
export type Messages = Record<string, CompiledMessage | string>;

/** The argument types the formatter knows: `{n, number}` (with a style: `{n, number, percent}`), plural, select, selectordinal. */
export const MESSAGE_FORMATS = ["number", "plural", "selectordinal", "select"] as const;

/** `_(id, values)`: the message `id` in its language, with its placeholders filled in; the id itself when there is no such message. */
export interface Translator {
  _(id: string, values?: Record<string, unknown>): string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function formatNumber(locale: string, value: unknown, style?: string): string {
  const key = `${locale} ${style ?? ""}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, style ? { style: style as Intl.NumberFormatOptions["style"] } : undefined)));
  return format.format(value as number);
}

/** The case of `choices` for `value`: an exact one (`=0`, compiled as "0"), else the plural category's, else `other`. */
function pluralCase(locale: string, value: number, choices: CompiledIcuChoices, type: Intl.PluralRuleType): CompiledMessage | undefined {
  const key = `${locale} ${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type })));
  const own = (name: string) => (Object.hasOwn(choices, name) ? choices[name] : undefined);
  return own(String(value)) ?? own(rules.select(value - (choices.offset ?? 0))) ?? own("other");
}

function format(locale: string, message: CompiledMessage | string, values: Record<string, unknown>, pound?: string): string {
  if (typeof message === "string") return message;
  let text = "";
  for (const token of message) {
    if (typeof token === "string") {
      text += token === "#" && pound !== undefined ? pound : token;
      continue;
    }
    const [name, type, style] = token;
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (type === "plural" || type === "selectordinal") {
      const choices = style as CompiledIcuChoices;
      const chosen = pluralCase(locale, Number(value), choices, type === "plural" ? "cardinal" : "ordinal");
      if (chosen) text += format(locale, chosen, values, formatNumber(locale, Number(value) - (choices.offset ?? 0)));
    } else if (type === "select") {
      const choices = style as CompiledIcuChoices;
      const chosen = Object.hasOwn(choices, String(value)) ? choices[String(value)] : choices.other;
      if (chosen) text += format(locale, chosen, values);
    } else if (type === "number") {
      text += formatNumber(locale, value, style as string | undefined);
    } else if (value !== undefined && value !== null) {
      text += String(value);
    }
  }
  return text;
}

/** A translator of `messages` in `locale`. */
export function translator(locale: string, messages: Messages): Translator {
  return {
    _: (id, values = {}) => format(locale, Object.hasOwn(messages, id) ? messages[id]! : id, values),
  };
}
