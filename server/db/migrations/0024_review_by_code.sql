-- Why an image needs review becomes codes the admin's page says in its language (contracts/admin.ts
-- ReviewReason): the English texts stored so far ("; " between reasons) are read back into them.
CREATE FUNCTION "review_reasons_from_english"("reason" text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_agg(CASE
      WHEN part LIKE 'Its Content Credentials could not be read%' THEN jsonb_build_object('code', 'unreadable', 'values', jsonb_build_object('damage', CASE
        WHEN part LIKE '%the picture behind them is damaged' THEN 'image'
        WHEN part LIKE '%refer to each other in a loop' OR part LIKE '%form a cycle' THEN 'cycle'
        WHEN part LIKE '%reading them took too long' THEN 'slow'
        ELSE 'manifest' END))
      WHEN part LIKE 'Its Content Credentials are invalid (%' THEN jsonb_build_object('code', 'invalid', 'values', jsonb_build_object('failures',
        CASE WHEN part = 'Its Content Credentials are invalid (no reason given)' THEN '' ELSE substring(part FROM '^Its Content Credentials are invalid \((.*)\)$') END))
      WHEN part LIKE 'Its Content Credentials are too large to keep%' THEN jsonb_build_object('code', 'tooLarge', 'values', jsonb_build_object(
        'size', substring(part FROM '\((\d+) KB;')::integer, 'limit', substring(part FROM 'the limit is (\d+) KB')::integer))
      ELSE '{"code":"capture","values":{}}'::jsonb
    END ORDER BY n)
  FROM regexp_split_to_table("reason", '; (?=Its Content Credentials)') WITH ORDINALITY AS parts(part, n)
$$;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "review_reason" SET DATA TYPE jsonb USING "review_reasons_from_english"("review_reason");--> statement-breakpoint
DROP FUNCTION "review_reasons_from_english"(text);
