-- Each download size, the original included, is rendered once when an image is imported and
-- stored (server/media/stored-downloads.ts); a download streams the stored file. Images
-- imported before have none until their first download makes them (decision 026).
ALTER TABLE "images" ADD COLUMN "download_files" jsonb;
