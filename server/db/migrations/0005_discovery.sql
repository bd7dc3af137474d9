-- Discovery (decision 019): colour labels (null until labelled), a perceptual hash (duplicates) and
-- orientation, with their indexes; who searched, as a daily-changing keyed hash, for popular searches.
ALTER TABLE "images" ADD COLUMN "colors" text[];--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "visual_hash" bigint;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "orientation" text GENERATED ALWAYS AS (case when width * 20 > height * 21 then 'landscape' when height * 20 > width * 21 then 'portrait' else 'square' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "search_queries" ADD COLUMN "visitor" text;--> statement-breakpoint
CREATE INDEX "images_orientation_idx" ON "images" USING btree ("orientation","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "images"."status" = 'published';--> statement-breakpoint
CREATE INDEX "images_colors_idx" ON "images" USING gin ("colors");--> statement-breakpoint
-- Colour labels narrow lists (?color=), so a change to them is a change of content (0001).
DROP TRIGGER images_content_changed ON images;--> statement-breakpoint
CREATE TRIGGER images_content_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF slug, title, creator_id, width, height, created_at, dominant_color, placeholder, variants, status, search_text, colors
  ON images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');
