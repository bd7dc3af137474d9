-- Creators and admins edit an image's category and description in the browser (server/studio/):
-- lists and kept pages show both, so a change to them is a change of content (0001, 0005).
DROP TRIGGER images_content_changed ON images;--> statement-breakpoint
CREATE TRIGGER images_content_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF slug, title, description, category, creator_id, width, height, created_at, dominant_color, placeholder, variants, status, search_text, colors
  ON images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');
