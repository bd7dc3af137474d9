/**
 * Control characters a terminal would act on (C0 and C1 controls: escape sequences, carriage
 * returns, bells) and the invisible marks that reorder text (bidirectional overrides).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Text that came from users or outside sources (titles, names, report details, file names),
 * made safe to print to an operator's terminal: every control character is shown escaped
 * (`\x1b`, `\n`, `\u202e`) instead of being obeyed. Every operator command prints such text
 * through it.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? (c.charCodeAt(0) <= 0xff ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
}
