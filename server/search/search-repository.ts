import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { SEARCH_CONFIG } from "../db/schema.ts";

/**
 * The SQL of search's own tables and of reading a search's words the way PostgreSQL reads the
 * catalog's (the stockroom_english configuration: stems, stop words, accents).
 */

/** Catalog words containing a search word that a search asks for by name, at most; beyond that it matches the text itself. */
export const CONTAINED_MAX = 60;

/** Trigram similarity a correction must have at least. */
const SIMILARITY_MIN = 0.2;

const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);

/** How PostgreSQL reads one term of a search, and what the catalog holds of it. */
export interface TermReading {
  /** The term without accents, lower-cased. */
  plain: string;
  /** Its stems in order, with their positions (a word has one, or none when it is a stop word). */
  lexemes: Array<[lexeme: string, position: number]>;
  /** Whether a word of the catalog has this stem. */
  stemKnown: boolean;
  /** Stems of the catalog's words that start with the term (a word only); null when more than CONTAINED_MAX words do. */
  starting: string[] | null;
  /** Stems of the catalog's words that contain the term (a word only), CONTAINED_MAX + 1 at most. */
  contained: string[];
  /** Stems of the words that mean the same, as the operator's synonyms say, that a word of the catalog has (a word only). */
  synonyms: string[];
  /** Creators whose name contains the term, accents and case aside, or a word of it its stem. */
  creators: number[];
}

export interface SynonymGroup {
  id: number;
  words: string[];
}

/** A text[] parameter, each value quoted (drizzle would spread a JavaScript array into a row). */
export function textArray(values: string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]`;
}

export function createSearchRepository(db: Db) {
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await db.execute<T>(query)).rows;

  return {
    /** Reads each of `terms` (`phrase` says which are phrases), in one statement. */
    async read(terms: Array<{ text: string; phrase: boolean }>): Promise<TermReading[]> {
      if (!terms.length) return [];
      const phrases = `{${terms.map((t) => t.phrase).join(",")}}`;
      const found = await rows<TermReading & { n: number } & Record<string, unknown>>(sql`
        with typed as (select t.n, t.text, t.phrase, unaccent(t.text) as plain,
          regexp_replace(unaccent(t.text), '([\\\\%_])', '\\\\\\1', 'g') as literal from unnest(${textArray(terms.map((t) => t.text))}, ${phrases}::boolean[]) with ordinality t(text, phrase, n)),
        terms as (select n, text, phrase, plain, literal || '%' as start, '%' || literal || '%' as pattern from typed),
        synonyms as (
          select s.id, l.lexeme from search_synonyms s cross join lateral unnest(s.words) w(word)
            cross join lateral (select x.lexeme from unnest(to_tsvector(${config}, w.word)) x limit 1) l)
        select t.n, t.plain,
          coalesce((select json_agg(json_build_array(x.lexeme, p) order by p) from unnest(to_tsvector(${config}, t.text)) x cross join lateral unnest(x.positions) p), '[]') as lexemes,
          exists (select 1 from search_words w where w.lexeme = any(array(select x.lexeme from unnest(to_tsvector(${config}, t.text)) x))) as "stemKnown",
          case when t.phrase then '{}' else (
            select case when count(*) > ${CONTAINED_MAX} then null else coalesce(array_agg(distinct w.lexeme), '{}') end
            from (select lexeme from search_words where word like t.start limit ${CONTAINED_MAX + 1}) w) end as starting,
          case when t.phrase then '{}' else array(
            select distinct w.lexeme from (select lexeme from search_words where word like t.pattern limit 1000) w limit ${CONTAINED_MAX + 1}) end as contained,
          case when t.phrase then '{}' else array(
            select distinct b.lexeme from synonyms a join synonyms b on b.id = a.id
            where a.lexeme = (select x.lexeme from unnest(to_tsvector(${config}, t.text)) x limit 1)
              and exists (select 1 from search_words w where w.lexeme = b.lexeme)) end as synonyms,
          array(select c.id from creators c
            where unaccent(lower(c.name)) like t.pattern
              or (not t.phrase and exists (select 1 from unnest(to_tsvector(${config}, c.name)) x
                where x.lexeme = any(array(select y.lexeme from unnest(to_tsvector(${config}, t.text)) y))))
            order by c.id) as creators
        from terms t order by t.n`);
      return found.map(({ n: _n, ...reading }) => reading);
    },

    /**
     * Words of the catalog like `word` by trigram similarity (pg_trgm's `%`, served by the
     * trigram index), closest first. The threshold is lower than pg_trgm's 0.3 for this
     * transaction: two swapped letters of a six-letter word ("sunest") share only a quarter of
     * their trigrams with it.
     */
    async similarWords(word: string, count: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY_MIN)}, true)`);
        const found = await tx.execute<{ word: string }>(sql`
          select word from search_words where word % ${word} order by similarity(word, ${word}) desc, word limit ${count}`);
        return found.rows.map((r) => r.word);
      });
    },

    async synonymGroups(): Promise<SynonymGroup[]> {
      return rows<SynonymGroup & Record<string, unknown>>(sql`select id, words from search_synonyms order by words[1], id`);
    },

    async addSynonymGroup(words: string[]): Promise<SynonymGroup> {
      const [row] = await rows<SynonymGroup & Record<string, unknown>>(
        sql`insert into search_synonyms (words) values (${`{${words.join(",")}}`}::text[]) returning id, words`,
      );
      return row!;
    },

    /** Removes a group; false when there was none with this id. */
    async removeSynonymGroup(id: number): Promise<boolean> {
      const found = await rows<{ id: number }>(sql`delete from search_synonyms where id = ${id} returning id`);
      return found.length > 0;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
