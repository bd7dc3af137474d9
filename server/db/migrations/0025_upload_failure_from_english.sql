-- Uploads that failed before migration 0023 kept only their English reason: their code is read
-- from it, so that "Your images" says them in the page's language like newer ones (contracts/studio.ts).
UPDATE "uploads" SET "failure" = CASE
    WHEN "reason" ~ '^The same picture as image \d+ is already in the catalog$'
      THEN jsonb_build_object('code', 'duplicate', 'values', jsonb_build_object('image', substring("reason" FROM '^The same picture as image (\d+) ')::integer))
    WHEN "reason" = 'Your creator page was removed; please upload the image again' THEN '{"code":"creatorRemoved","values":{}}'::jsonb
    WHEN "reason" = 'The uploaded file is missing; please upload it again' THEN '{"code":"fileMissing","values":{}}'::jsonb
    WHEN "reason" LIKE 'The image file is damaged and cannot be read (%)'
      THEN jsonb_build_object('code', 'damaged', 'values', jsonb_build_object('detail', substring("reason" FROM '^The image file is damaged and cannot be read \((.*)\)$')))
    WHEN "reason" = 'The file could not be processed; please try again' THEN '{"code":"failed","values":{}}'::jsonb
  END
  WHERE "status" = 'failed' AND "failure" IS NULL AND "reason" IS NOT NULL;
