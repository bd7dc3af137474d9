import { compileMessageOrThrow, type CompiledIcuChoices, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { MESSAGE_FORMATS } from "#contracts/messages";

/** The first argument type in `message` that the formatter (contracts/messages.ts) does not know, if any. */
function unknownFormat(message: CompiledMessage): string | undefined {
  for (const token of message) {
    if (typeof token === "string") continue;
    const [, type, style] = token;
    if (type === undefined) continue;
    if (!(MESSAGE_FORMATS as readonly string[]).includes(type)) return type;
    if (type !== "number") {
      for (const [name, choice] of Object.entries(style as CompiledIcuChoices)) {
        const inner = name === "offset" ? undefined : unknownFormat(choice as CompiledMessage);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

/** `message` compiled, or an error naming what is wrong with it: not ICU, or an argument type the formatter does not know. */
export function compileMessage(message: string, mapText?: (text: string) => string): CompiledMessage {
  const compiled = compileMessageOrThrow(message, mapText);
  const type = unknownFormat(compiled);
  if (type) throw new Error(`'${type}' is not one of the formats the site's messages know (${MESSAGE_FORMATS.join(", ")})`);
  return compiled;
}

/**
 * A catalog as the build hands it to the app (vite.config.ts, `?lingui` imports): each ICU
 * message compiled to Lingui's arrays, so that no ICU parser ships to the browser (decision 041).
 * A message that does not parse stops the build, naming it. `pseudo`: the pseudo-locale's.
 */
export function compileCatalog(file: string, messages: Record<string, string>, pseudo = false): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      try {
        return [id, pseudo ? ["⟦", ...compileMessage(message, pseudoText), "⟧"] : compileMessage(message)];
      } catch (error) {
        throw new Error(`${file}: message "${id}" is not valid: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ"].map((letter, i) => [letter, [..."àƀçđéĝĥíķĺñöŕšţüŵýžÀƁÇĐÉĜĤÍĶĹÑÖŔŠŢÜŴÝŽ"][i]!]),
);

/**
 * The pseudo-locale's text (en-XA): accented, and about 40 % longer, as German and French often
 * are; each message also goes between ⟦ and ⟧, so that a browser test tells text from a catalog
 * from text written in a component, and sees where longer words overflow. Placeholders stay.
 */
const pseudoText = (text: string) => [...text].map((char) => ACCENTED[char] ?? char).join("") + "·".repeat(Math.ceil(text.length * 0.4));
