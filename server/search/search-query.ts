import { sql, type SQL } from "drizzle-orm";
import { SEARCH_CONFIG } from "../db/schema.ts";
import { CONTAINED_MAX, textArray, type TermReading } from "./search-repository.ts";
import type { TypedTerm } from "./query-text.ts";

/**
 * The one query builder of search (decision 028): what a search's terms match, as SQL
 * conditions on `images i` (its search document, and its creator), for the gallery's pages and
 * counts, the admins' image search, and on `tags t` for suggestions. Repositories put these
 * conditions in their statements; nothing else writes search SQL.
 *
 * Each term must match. A word matches its stem, the stems of the catalog's words starting with it,
 * and with the operator's synonyms their stems; then words of the catalog containing it (the spec's part-of-word match:
 * "ount" finds "mountain"). A phrase matches its words in order. Where they match decides the rank:
 *
 *   0  the title holds every term (searches of several terms only)
 *   1  the title or the tags hold every term
 *   2  ...counting words of the title or tags that contain a term
 *   3  ...counting the description and the prompt of "How it was made"
 *   4  ...counting the creator's name
 *
 * Each rank's condition holds every better rank's, so that rank k is "C(k) and not C(k-1)": no
 * image in two ranks, and a page's cursor (rank, created_at, id) stays exact across them.
 */

/** A tsquery operand: a stem (or a word's start, `prefix`, when the catalog's words starting with it are too many to name), or a phrase's stems with their positions. */
type Operand = { lexeme: string; prefix?: boolean } | { phrase: Array<[lexeme: string, position: number]> };

/** One term of a search as matched: plain data, so that a plan can be kept and compared. */
interface SearchTerm {
  /** Stems, synonyms' stems, stems of the catalog's words starting with the word (or it as a prefix); a phrase's one chain. */
  operands: Operand[];
  /** Stems of catalog words containing the word that `operands` do not match already. */
  contained: Operand[];
  /** When more catalog words contain the word than a query should name: LIKE on title and tags instead. */
  containedPattern: string | null;
  creators: number[];
}

/** A search read and ready to match. */
export interface SearchPlan {
  terms: SearchTerm[];
  /**
   * Whether no image can match, known before asking the images (decision 047): the search is
   * of stop words only, or one of its words matches no word, creator or synonym of the catalog.
   * Lists and counts ask nothing then; suggestions still read the terms.
   */
  findsNothing: boolean;
}

/** A lexeme as a quoted tsquery operand (backslash and quote escaped, as tsquery's input wants). */
const quoted = (lexeme: string) => `'${lexeme.replace(/[\\']/g, "\\$&")}'`;

function rendered(operand: Operand, weights: string): string {
  const one = (lexeme: string, prefix = false) => (prefix || weights ? `${quoted(lexeme)}:${prefix ? "*" : ""}${weights}` : quoted(lexeme));
  if (!("phrase" in operand)) return one(operand.lexeme, operand.prefix);
  return operand.phrase.map(([lexeme, position], i) => (i === 0 ? "" : ` <${position - operand.phrase[i - 1]![1]}> `) + one(lexeme)).join("");
}

/** `text`'s LIKE pattern of containing it, LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The longest word the catalog's words table keeps (`search_words_in`, migration 0017): whether a
 * longer one is in the catalog only the images can say.
 */
const LISTED_WORD_MAX = 40;

/**
 * The plan of `terms` as PostgreSQL read them. Stop words are left out when the search has other
 * terms; a search of stop words only finds nothing, and its terms (for suggestions) match them
 * as the starts of words.
 */
export function planOf(terms: TypedTerm[], readings: TermReading[]): SearchPlan {
  const read = terms.map((term, i) => ({ term, reading: readings[i]! }));
  const meaningful = read.filter(({ reading }) => reading.lexemes.length > 0);
  return {
    findsNothing: !meaningful.length || meaningful.some(({ term, reading }) => !term.phrase && term.text.length <= LISTED_WORD_MAX && !known(reading)),
    terms: (meaningful.length ? meaningful : read.filter(({ term }) => !term.phrase)).map(({ term, reading }): SearchTerm => {
      if (term.phrase) return { operands: [{ phrase: reading.lexemes }], contained: [], containedPattern: null, creators: reading.creators };
      // The words starting with the term by name rather than as a prefix (`'gold':*`), which the GIN
      // index reads as a whole posting list where exact words are intersected (decision 048); a
      // prefix still when no catalog word, or too many, start with it, or it is longer than the words table's.
      const starting = reading.plain.length <= LISTED_WORD_MAX && reading.starting?.length ? reading.starting : null;
      const exact = [...new Set([...reading.lexemes.map(([lexeme]) => lexeme), ...reading.synonyms, ...(starting ?? [])])];
      const covered = (lexeme: string) => exact.includes(lexeme) || (!starting && lexeme.startsWith(reading.plain));
      const overflow = reading.contained.length > CONTAINED_MAX;
      return {
        operands: [...exact.map((lexeme) => ({ lexeme })), ...(starting ? [] : [{ lexeme: reading.plain, prefix: true }])],
        contained: overflow ? [] : reading.contained.filter((lexeme) => !covered(lexeme)).map((lexeme) => ({ lexeme })),
        containedPattern: overflow ? containsPattern(reading.plain) : null,
        creators: reading.creators,
      };
    }),
  };
}

/** Whether a term matches anything in the catalog at all (else it may be a typing mistake). */
export function known(reading: TermReading): boolean {
  return reading.stemKnown || reading.contained.length > 0 || reading.creators.length > 0 || reading.synonyms.length > 0;
}

const anyOf = (operands: Operand[], weights: string) => `(${operands.map((o) => rendered(o, weights)).join(" | ")})`;

const document = (column: SQL, query: string) => sql`${column} @@ ${query}::tsquery`;

/**
 * Every term matched in `weights` of `column` (a search document), counting contained words
 * from `withContained`: one tsquery where it can be (one probe of the GIN index), a LIKE on the
 * title and tags beside it for a term contained in too many words.
 */
function everyTerm(plan: Pick<SearchPlan, "terms">, column: SQL, weights: string, withContained: boolean, text: SQL): SQL {
  const plain = plan.terms.filter((t) => !withContained || !t.containedPattern);
  const conditions: SQL[] = [];
  if (plain.length) {
    conditions.push(document(column, plain.map((t) => anyOf(withContained ? [...t.operands, ...t.contained] : t.operands, weights)).join(" & ")));
  }
  if (withContained) {
    for (const t of plan.terms.filter((t) => t.containedPattern)) {
      conditions.push(sql`(${document(column, anyOf(t.operands, weights))} or ${text} like ${t.containedPattern})`);
    }
  }
  return sql`(${sql.join(conditions, sql` and `)})`;
}

const imageDocument = sql`i.search_document`;
const imageText = sql`i.search_text`;
/**
 * The title's words alone, as search_document holds them weighted A (same stems, same positions),
 * with a GIN index of its own (images_title_document_idx): the title rank's candidates are the
 * titles', not those of every field, and its statistics are the titles' (decision 048).
 */
const titleDocument = sql`to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'::regconfig`)}, i.title)`;

/**
 * The condition of rank `rank` and every better one, on `images i` (rank 4: `creator` stands for
 * the image's creator id). Rank 0 reads the title's own document when `byTitle`, as a rank's
 * candidates (testing search_document's A words too makes PostgreSQL take both as independent, and
 * intersect both indexes); the same match in search_document otherwise, as the newest-first index holds it.
 */
export function upToRank(plan: SearchPlan, rank: number, creator: SQL = sql`i.creator_id`, byTitle = false): SQL {
  switch (rank) {
    case 0:
      return byTitle ? everyTerm(plan, titleDocument, "", false, imageText) : everyTerm(plan, imageDocument, "A", false, imageText);
    case 1:
      return everyTerm(plan, imageDocument, "AB", false, imageText);
    case 2:
      return everyTerm(plan, imageDocument, "AB", true, imageText);
    case 3:
      return everyTerm(plan, imageDocument, "", true, imageText);
    default: {
      const each = plan.terms.map((t) => {
        const alone = everyTerm({ terms: [t] }, imageDocument, "", true, imageText);
        return t.creators.length ? sql`(${creator} = any(${intArray(t.creators)}) or ${alone})` : alone;
      });
      return sql`(${sql.join(each, sql` and `)})`;
    }
  }
}

/** The ranks a search's page asks for in turn; the others cannot hold an image the ranks before them do not. */
export function ranksOf(plan: SearchPlan): number[] {
  return [
    ...(plan.terms.length > 1 ? [0] : []),
    1,
    ...(plan.terms.some((t) => t.contained.length || t.containedPattern) ? [2] : []),
    3,
    ...(creatorsOf(plan).length ? [4] : []),
  ];
}

/** Images of rank `rank` exactly: its condition and not the one of the rank before. */
export function ofRank(plan: SearchPlan, rank: number, creator?: SQL): SQL {
  const within = upToRank(plan, rank, creator, true);
  return rank === ranksOf(plan)[0] ? within : sql`(${within} and not ${upToRank(plan, rank - 1)})`;
}

/**
 * Every match of the search's phrases holds these pairs of words next to each other, as
 * `search_pairs(search_document)` names a document's pairs ("golden river": the stems, a space between;
 * migration 0028): a phrase's words one after the other, without a stop word between them. None when the
 * search has no phrase, or no two of a phrase's words are next to each other ("river of gold").
 */
function adjacentPairs(plan: SearchPlan): string[] {
  const pairs = plan.terms.flatMap((t) =>
    t.operands.flatMap((o) =>
      "phrase" in o ? o.phrase.slice(1).flatMap(([lexeme, position], i) => (position - o.phrase[i]![1] === 1 ? [`${o.phrase[i]![0]} ${lexeme}`] : [])) : [],
    ),
  );
  return [...new Set(pairs)];
}

/**
 * A condition on `images i` that every match of the search meets, read from the index of pairs of
 * adjacent words (images_search_pairs_idx, decision 052): one posting list per pair of a phrase, where
 * the search index intersects the posting lists of each of the phrase's words and then reads each
 * candidate's positions. Null when the search names no such pair.
 */
export function phraseCandidates(plan: SearchPlan): SQL | null {
  const pairs = adjacentPairs(plan);
  return pairs.length ? sql`search_pairs(i.search_document) @> ${textArray(pairs)}` : null;
}

/** Every creator a term of the search names. */
export function creatorsOf(plan: SearchPlan): number[] {
  return [...new Set(plan.terms.flatMap((t) => t.creators))];
}

/** Any match at all, on `images i`: the admins' image search. */
export const matches = (plan: SearchPlan) => upToRank(plan, 4);

/** Tags that a search's terms match (stems, starts and contained words of each term), on `tags t`. */
export function tagMatches(plan: SearchPlan): SQL {
  return everyTerm(plan, sql`to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'::regconfig`)}, t.name)`, "", true, sql`lower(t.name)`);
}

/**
 * A logged search's words as search reads them (stems, in order of the alphabet, stop words
 * left out; the text lower-cased when it has no such word): "Mountains at dusk" and "dusk
 * mountain" are the same search.
 */
export function sameWords(query: SQL): SQL {
  return sql`coalesce(nullif(array_to_string(tsvector_to_array(to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'::regconfig`)}, ${query})), ' '), ''), lower(${query}))`;
}

/** An int[] parameter (drizzle would spread a JavaScript array into a row). */
export function intArray(ids: number[]): SQL {
  return sql`${`{${ids.join(",")}}`}::int[]`;
}
