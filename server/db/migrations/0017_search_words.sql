-- Search that understands what people type (issue 19, decision 028). Accents are ignored through
-- unaccent, English words are stemmed and stop words dropped by a text search configuration of our
-- own, and every image carries a search document (title A, title and tags B, description and prompt
-- D) that a GIN index serves. Both extensions are contrib modules, present in PostgreSQL 15's
-- packages and in the embedded 18, and trusted: the database's owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION stockroom_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION stockroom_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('stockroom_english'::regconfig, title), 'A') || setweight(to_tsvector('stockroom_english'::regconfig, search_text), 'B') || setweight(to_tsvector('stockroom_english'::regconfig, description || ' ' || coalesce(ai_prompt, '')), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_lexeme_idx" ON "search_words" USING btree ("lexeme");--> statement-breakpoint
CREATE INDEX "images_search_document_idx" ON "images" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "tags_name_document_idx" ON "tags" USING gin (to_tsvector('stockroom_english'::regconfig, "name"));--> statement-breakpoint
-- The newest-first index carries the search document too, as it carries search_text (0015): a
-- common word's page walks it and tests the document in the index.
DROP INDEX IF EXISTS "images_newest_idx";--> statement-breakpoint
CREATE INDEX "images_newest_idx" ON "images" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("search_text", "search_document", "colors", "orientation") WHERE "status" = 'published';--> statement-breakpoint
-- The words of a text, without accents, lower-cased, each with its stem; stop words (no stem) left out.
CREATE FUNCTION search_words_in(t text) RETURNS TABLE (word text, lexeme text) LANGUAGE sql STABLE AS $$
  SELECT d.w, l.lexeme
  FROM (SELECT DISTINCT w FROM regexp_split_to_table(unaccent(lower(t)), '[^[:alnum:]]+') w WHERE length(w) BETWEEN 1 AND 40) d
  CROSS JOIN LATERAL (SELECT x.lexeme FROM unnest(to_tsvector('stockroom_english'::regconfig, d.w)) x LIMIT 1) l
$$;--> statement-breakpoint
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, lexeme)
  SELECT word, lexeme FROM search_words_in(NEW.search_text || ' ' || NEW.description || ' ' || coalesce(NEW.ai_prompt, ''))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER images_search_words
  AFTER INSERT OR UPDATE OF search_text, description, ai_prompt
  ON images FOR EACH ROW EXECUTE FUNCTION search_words_add();--> statement-breakpoint
INSERT INTO search_words (word, lexeme)
SELECT DISTINCT w.word, w.lexeme FROM images i CROSS JOIN LATERAL search_words_in(i.search_text || ' ' || i.description || ' ' || coalesce(i.ai_prompt, '')) w
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A description or a prompt now changes what a search finds: announced as content, as the title is.
DROP TRIGGER images_content_changed ON images;--> statement-breakpoint
CREATE TRIGGER images_content_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF slug, title, creator_id, width, height, created_at, dominant_color, placeholder, variants, status, search_text, colors, description, ai_prompt
  ON images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');--> statement-breakpoint
-- A change of synonyms changes what searches find, on every instance at once.
CREATE TRIGGER search_synonyms_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');--> statement-breakpoint
-- The default English synonyms of a stock site; the operator changes them at /admin/search.
INSERT INTO search_synonyms (words) VALUES
  ('{sea,ocean}'), ('{dog,puppy}'), ('{cat,kitten}'), ('{car,automobile}'), ('{picture,image,photo}'),
  ('{sunset,sundown}'), ('{sunrise,dawn,daybreak}'), ('{dusk,twilight}'), ('{forest,woods}'),
  ('{stream,creek,brook}'), ('{coast,shore,seaside}'), ('{boat,ship}'), ('{road,highway}'),
  ('{house,home}'), ('{kid,child}'), ('{woman,lady}'), ('{business,corporate}'), ('{office,workplace}'),
  ('{laptop,computer}'), ('{phone,smartphone}'), ('{food,meal}'), ('{coffee,espresso}'),
  ('{snow,snowfall}'), ('{happy,joyful,cheerful}'), ('{calm,serene,tranquil,peaceful}'),
  ('{big,large,huge}'), ('{small,tiny,little}'), ('{background,backdrop,wallpaper}'),
  ('{bike,bicycle}'), ('{plane,airplane,aircraft}'), ('{rock,stone}'), ('{autumn,fall}'),
  ('{flower,blossom,bloom}'), ('{purple,violet}'), ('{grey,gray}'), ('{colour,color}'), ('{city,urban}');
