import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";

/**
 * A catalog as the build hands it to the app (vite.config.ts, `?lingui` imports): each ICU
 * message compiled to Lingui's arrays, so that no ICU parser ships to the browser (decision 041).
 * A message that does not parse stops the build, naming it. `pseudo`: the pseudo-locale's.
 */
export function compileCatalog(file: string, messages: Record<string, string>, pseudo = false): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      try {
        return [id, pseudo ? ["⟦", ...compileMessageOrThrow(message, pseudoText), "⟧"] : compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: message "${id}" is not valid ICU: ${(error as Error).message}`, { cause: error });
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
