-- A creator's totals (uploads, downloads, likes over their published images) read from this
-- index alone: an index-only scan of a few bytes per image instead of a visit to every one of
-- their rows (260 ms for 7,000 images, decision 016). Drizzle cannot declare INCLUDE, so it
-- lives here; server/db/schema.ts names it beside the table's other indexes.
CREATE INDEX IF NOT EXISTS "images_creator_totals_idx" ON "images" USING btree ("creator_id") INCLUDE ("likes", "downloads") WHERE "status" = 'published';
