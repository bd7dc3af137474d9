import { sql } from "drizzle-orm";

/**
 * A logged search's query with case and spacing evened out: the same search however it was
 * typed. (`\\s` in the template: a template literal makes `\s` plain `s`.)
 */
export const searchKey = sql`lower(regexp_replace(query, '\\s+', ' ', 'g'))`;
