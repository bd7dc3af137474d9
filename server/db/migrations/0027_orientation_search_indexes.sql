-- A search narrowed by orientation (and colour) finds its candidates in that orientation's index of colours
-- and words: one GIN scan intersects the colour's and the words' posting lists among those images, where
-- PostgreSQL intersected three indexes' bitmaps of the whole catalog (decision 050).
CREATE INDEX "images_landscape_search_idx" ON "images" USING gin ("colors","search_document") WHERE "images"."status" = 'published' and "images"."orientation" = 'landscape';--> statement-breakpoint
CREATE INDEX "images_portrait_search_idx" ON "images" USING gin ("colors","search_document") WHERE "images"."status" = 'published' and "images"."orientation" = 'portrait';--> statement-breakpoint
CREATE INDEX "images_square_search_idx" ON "images" USING gin ("colors","search_document") WHERE "images"."status" = 'published' and "images"."orientation" = 'square';