import type { Viewer } from "#contracts/account";
import { SYNONYM_GROUP } from "#contracts/admin";
import { requireRole } from "../access/permissions.ts";
import { AppError, notFound } from "../errors.ts";
import { replaceTerms, termsOf, type TypedTerm } from "./query-text.ts";
import { known, planOf, type SearchPlan } from "./search-query.ts";
import type { SearchRepository, SynonymGroup, TermReading } from "./search-repository.ts";

/**
 * Search's rules: a typed text read into a plan (search-query.ts), with a word that matches
 * nothing read as the closest word the catalog has; and the operator's synonyms.
 */

/** Words shorter than this are never corrected: one letter off makes another word too often. */
export const CORRECTED_MIN_LENGTH = 5;
/** At most this many letters off (inserted, removed, replaced or two swapped). */
const CORRECTED_MAX_EDITS = 2;
const CORRECTION_CANDIDATES = 10;
/** Synonym words: letters and digits, this long at most. */
const SYNONYM_WORD = /^[\p{L}\p{N}]{1,40}$/u;

/** Letters inserted, removed, replaced or two neighbours swapped to make `a` into `b` (optimal string alignment distance). */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** A search ready to run: its plan, and the text it stands for when that is not the text as typed. */
export interface ReadSearch {
  plan: SearchPlan;
  /** The text searched instead of a word that matched nothing ("Showing results for"), or null. */
  correctedQuery: string | null;
}

/** Synonym words as given: split on commas, trimmed, lower-cased, each once. */
export function synonymWords(text: string): string[] {
  return [...new Set(text.split(",").map((w) => w.trim().toLowerCase()).filter(Boolean))];
}

export function createSearchService(deps: { search: SearchRepository }) {
  const { search: repository } = deps;

  async function read(text: string): Promise<{ terms: TypedTerm[]; readings: TermReading[] }> {
    const terms = termsOf(text);
    return { terms, readings: await repository.read(terms) };
  }

  /** The catalog's word closest to `word`, at most CORRECTED_MAX_EDITS off, or undefined. */
  async function closestWord(word: string): Promise<string | undefined> {
    const candidates = await repository.similarWords(word, CORRECTION_CANDIDATES);
    let best: { word: string; edits: number } | undefined;
    for (const candidate of candidates) {
      const edits = editDistance(word, candidate);
      if (edits <= CORRECTED_MAX_EDITS && (!best || edits < best.edits)) best = { word: candidate, edits };
    }
    return best?.word;
  }

  return {
    /**
     * `q` (lower-cased, single spaces) read for searching. Unless `asTyped`, each word of
     * CORRECTED_MIN_LENGTH letters or more that matches nothing at all is replaced by the
     * closest word of the catalog, and the plan is of the corrected text.
     */
    async read(q: string, asTyped = false): Promise<ReadSearch> {
      const { terms, readings } = await read(q);
      const unknown = asTyped
        ? []
        : terms.filter((term, i) => !term.phrase && readings[i]!.lexemes.length && readings[i]!.plain.length >= CORRECTED_MIN_LENGTH && !known(readings[i]!));
      const replacements = (await Promise.all(unknown.map(async (term) => ({ term, by: await closestWord(readings[terms.indexOf(term)]!.plain) })))).flatMap(
        ({ term, by }) => (by ? [{ term, by }] : []),
      );
      if (!replacements.length) return { plan: planOf(terms, readings), correctedQuery: null };
      const correctedQuery = replaceTerms(q, replacements);
      const corrected = await read(correctedQuery);
      return { plan: planOf(corrected.terms, corrected.readings), correctedQuery };
    },

    /** The operator's synonym groups (admins only, or the command line without a viewer). */
    synonyms(viewer: Viewer | null | "operator"): Promise<SynonymGroup[]> {
      if (viewer !== "operator") requireRole(viewer, "admin");
      return repository.synonymGroups();
    },

    /** Adds a group of words that mean the same, given as "sea, ocean"; a 400 naming `words` when it is not two or more words. */
    async addSynonyms(viewer: Viewer | null | "operator", text: string): Promise<SynonymGroup> {
      if (viewer !== "operator") requireRole(viewer, "admin");
      const words = synonymWords(text);
      if (words.length < SYNONYM_GROUP.min || words.length > SYNONYM_GROUP.max || !words.every((w) => SYNONYM_WORD.test(w))) {
        throw new AppError("BAD_REQUEST", `Give between ${SYNONYM_GROUP.min} and ${SYNONYM_GROUP.max} single words, separated by commas`, { field: "words" });
      }
      return repository.addSynonymGroup(words);
    },

    async removeSynonyms(viewer: Viewer | null | "operator", id: number): Promise<void> {
      if (viewer !== "operator") requireRole(viewer, "admin");
      if (!(await repository.removeSynonymGroup(id))) throw notFound("Synonym group");
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
