/**
 * A search as typed, read into terms: words, and phrases between double quotes. Anything that is
 * not a letter or a digit separates words (punctuation, operators, emoji), so no text reaches
 * PostgreSQL as query syntax: the terms' lexemes do, quoted (search-query.ts).
 */

/** Terms a search keeps, at most: every term must match, so more would only narrow an empty page further. */
export const SEARCH_TERMS_MAX = 10;

export interface TypedTerm {
  /** Lower-cased; a phrase's words joined by single spaces. */
  text: string;
  phrase: boolean;
  /** Where a word stands in the text it was read from (`[start, end)`), to put a correction in its place. */
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const QUOTE = /["“”„]/;

function wordsOf(text: string, offset: number): TypedTerm[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0].toLowerCase(), phrase: false, start: offset + m.index, end: offset + m.index + m[0].length }));
}

/**
 * The terms of `q`, in the order typed, each once. Text between two double quotes is a phrase
 * (one of a single word is that word); a quote without its pair is ignored.
 */
export function termsOf(q: string): TypedTerm[] {
  const parts = q.split(QUOTE);
  // An odd number of parts: every quote has its pair. Otherwise the last quote is left unpaired and read as a space.
  const paired = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  const terms: TypedTerm[] = [];
  let offset = 0;
  parts.forEach((part, i) => {
    const words = wordsOf(part, offset);
    if (i % 2 === 1 && i < paired && words.length > 1) {
      terms.push({ text: words.map((w) => w.text).join(" "), phrase: true, start: words[0]!.start, end: words.at(-1)!.end });
    } else {
      terms.push(...words);
    }
    offset += part.length + 1;
  });
  const seen = new Set<string>();
  return terms.filter((t) => !seen.has(`${t.phrase}:${t.text}`) && seen.add(`${t.phrase}:${t.text}`)).slice(0, SEARCH_TERMS_MAX);
}

/** `text` with each term's span replaced by its replacement, when it has one. */
export function replaceTerms(text: string, replacements: Array<{ term: TypedTerm; by: string }>): string {
  let out = text;
  for (const { term, by } of [...replacements].sort((a, b) => b.term.start - a.term.start)) {
    out = out.slice(0, term.start) + by + out.slice(term.end);
  }
  return out;
}
