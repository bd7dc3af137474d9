-- Every change to what catalog lists show is announced on the channel catalog_changed, so
-- that each instance can drop what it keeps of those lists (server/db/change-feed.ts,
-- server/catalog/catalog-cache.ts). NOTIFY is transactional: instances hear of a change when
-- it commits, never before, and never of a rolled-back one. The payload says what changed:
-- 'counts' (likes, downloads) or 'content' (anything else a list shows: which images, their
-- fields, tags, creators). Views are not announced: lists do not show them.
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER images_content_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF slug, title, creator_id, width, height, created_at, dominant_color, placeholder, variants, status, search_text
  ON images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');
--> statement-breakpoint
CREATE TRIGGER images_counts_changed
  AFTER UPDATE OF likes, downloads
  ON images FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('counts');
--> statement-breakpoint
CREATE TRIGGER image_tags_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON image_tags
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');
--> statement-breakpoint
CREATE TRIGGER tags_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');
--> statement-breakpoint
CREATE TRIGGER creators_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON creators
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed('content');
