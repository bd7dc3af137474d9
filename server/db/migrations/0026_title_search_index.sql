-- Search's title rank (all words of a search in the title, server/search/search-query.ts) finds
-- its candidates in the titles' own words rather than in search_document, whose words of the tags
-- and description make a title-rare combination of common words look common (decision 048).
-- Its statistics target is search_document's (migration 0020), so that rare title words are estimated as rare.
CREATE INDEX "images_title_document_idx" ON "images" USING gin (to_tsvector('stockroom_english'::regconfig, "title"));--> statement-breakpoint
ALTER INDEX "images_title_document_idx" ALTER COLUMN 1 SET STATISTICS 1000;
