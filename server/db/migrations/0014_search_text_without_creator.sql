-- search_text holds the title and the tags (in their order), lower-cased, and no longer the
-- creator's name (decision 016): the creators' tier of a search finds their images by creator
-- id, and with the name in search_text every image of a busy creator was a candidate that the
-- title and tag checks then turned down (a search for "mira" read the whole catalog).
UPDATE images i SET search_text = lower(i.title || coalesce((
  SELECT string_agg(' ' || t.name, '' ORDER BY it.position, it.tag_id)
  FROM image_tags it JOIN tags t ON t.id = it.tag_id
  WHERE it.image_id = i.id), ''));
