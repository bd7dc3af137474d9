-- A quoted phrase's matches ("golden river") were read from the search index as the images holding all of
-- its words (the posting lists of each word intersected: 37,113 images at a million), then each candidate's
-- positions: 38 ms for the 1,001 a count needs, where 5,812 hold the phrase. search_pairs names a search
-- document's pairs of words next to each other (the two stems, a space between: 'golden river'), from the
-- positions the document itself holds, so that every image where a phrase matches holds each pair of the
-- phrase's adjacent words: an index of them gives a phrase's candidates in one posting list (decision 052).
CREATE FUNCTION search_pairs(document tsvector) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select coalesce(array_agg(distinct a.lexeme || ' ' || b.lexeme), '{}')
  from (select w.lexeme, p from unnest(document) w cross join lateral unnest(w.positions) p) a
    join (select w.lexeme, p from unnest(document) w cross join lateral unnest(w.positions) p) b on b.p = a.p + 1
$$;--> statement-breakpoint
CREATE INDEX "images_search_pairs_idx" ON "images" USING gin (search_pairs("search_document")) WHERE "images"."status" = 'published';
