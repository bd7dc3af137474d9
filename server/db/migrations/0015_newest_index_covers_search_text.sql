-- The newest-first index carries search_text (decision 016, session 8): a search's tiers and
-- its capped count test the text in the index itself, an index-only scan, instead of reading
-- each candidate's row (a count of "golden" at a million rows read 4,900 rows of about 1 kB,
-- 1.5 ms; from the index, 0.9 ms). One index serves both, as before: the plain lists walk it
-- the same way. Drizzle cannot declare INCLUDE, so the index's INCLUDE lives here and
-- server/db/schema.ts says so beside it.
DROP INDEX IF EXISTS "images_newest_idx";--> statement-breakpoint
CREATE INDEX "images_newest_idx" ON "images" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("search_text") WHERE "status" = 'published';
