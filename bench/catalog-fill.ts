import type pg from "pg";
import { colorNames } from "#contracts/catalog-constants";

/**
 * A large catalog, metadata only (no image files), generated inside PostgreSQL in a few
 * seconds and the same on every run: ~50 creators, 300 tags (3–6 per image, a few very
 * common, most rare), titles from a word list whose words range from very common to rare,
 * variants shaped like those the media pipeline stores, 1–3 colour labels each (the first
 * names common, the last rare: white on about 7% of images), 2% of images hidden.
 */

const adjectives =
  "golden misty quiet vivid ancient frozen bright dark silent wild calm stormy serene electric neon rustic urban lonely hidden endless soft crimson azure emerald amber violet silver dusty foggy sunny rainy snowy dreamy cosmic tropical nordic velvet glowing painted abstract".split(
    " ",
  );
const nouns =
  "mountain river forest ocean city street garden desert valley lake sky cloud sunset sunrise harbor bridge tower island meadow canyon glacier waterfall village market cafe library portrait flower tree leaf bird horse cat dog fox wolf owl whale butterfly lantern window door staircase road train boat ship car bicycle kite castle temple cathedral lighthouse field hill beach reef jungle cave nebula galaxy planet moon star comet aurora storm rain snow fog wave shell stone crystal mirror clock candle book teapot".split(
    " ",
  );
const prepositions = "in over under near beyond at through beside with".split(" ");
const firstNames =
  "Mira Zoë José Renée Chloé Liam Ava Noah Emma Lucas Mia Ethan Nora Hugo Lea Felix Ines Oscar Ida Milo".split(" ");
const lastNames = "Holt Martin Álvarez Dubois Bernard Novak Berg Silva Kim Rossi Weber Lind Costa Moreau Sato".split(" ");
const categories = "Nature Architecture Abstract Animals Space Travel People Food Technology Patterns".split(" ");

/** The creator with the most images (about 7% of them): the benchmark's creator page. */
export const BUSY_CREATOR = `${firstNames[0]} ${lastNames[0]}`;

/** A word that appears in about ten titles: the "rare word" of the benchmark. */
export const RARE_WORD = "zeppelin";

export function fillTags(): string[] {
  const combos = adjectives.flatMap((a, i) => nouns.filter((_, j) => (i * 7 + j) % 18 === 0).map((n) => `${a} ${n}`));
  return [...new Set([...nouns, ...adjectives, ...combos])].slice(0, 300);
}

/** Fills the catalog, telling `step` what it is doing (each step takes a few seconds). */
export async function fillCatalog(client: pg.ClientBase, count: number, step: (name: string) => void): Promise<void> {
  const tags = fillTags();
  const creators = Array.from({ length: 50 }, (_, i) => `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`);
  step("creators and tags");
  // Memory for the load's joins and aggregates, and for building the indexes afterwards (this session only).
  await client.query("set work_mem = '256MB'");
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("select setseed(0.42)");
  await client.query(
    `insert into creators (name, avatar_key)
     select name, 'a/' || substr(md5(name), 1, 2) || '/' || md5(name) || md5(reverse(name)) || '.jpg'
     from unnest($1::text[]) name on conflict do nothing`,
    [[...new Set(creators)]],
  );
  await client.query("insert into tags (name) select unnest($1::text[])", [tags]);
  step("tags of each image");
  await client.query(
    `create temporary table fill_tags as
     select g, 1 + floor(power(random(), 2.2) * $2::int)::int as tag_id, min(n) as position
     from generate_series(1, $1::int) g cross join lateral generate_series(0, 2 + g % 4) n
     group by 1, 2`,
    [count, tags.length],
  );
  await client.query("create index on fill_tags (g)");
  await client.query("analyze fill_tags");
  // Secondary indexes are built once after the load, as for any bulk load.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename in ('images', 'image_tags') and indexname not in (select conname from pg_constraint)`,
  );
  for (const { name } of indexes) await client.query(`drop index ${client.escapeIdentifier(name)}`);
  step("images");
  // Each image's tag names, and the variant lists of the 30 shapes an image can have (its own
  // keys put in per row), made once rather than per row.
  await client.query(
    `create temporary table fill_names as
     select ft.g, string_agg(t.name, ' ' order by ft.position) as names from fill_tags ft join tags t on t.id = ft.tag_id group by ft.g`,
  );
  await client.query(
    `create temporary table fill_shapes as
     select width, ratio, round(width * ratio)::int as height,
       (select jsonb_agg(jsonb_build_object('format', f, 'width', w, 'height', round(width * ratio * w / width::numeric)::int,
                 'bytes', w * 120, 'key', 'v/KEY-' || w || '.' || case f when 'jpeg' then 'jpg' else f end) order by w, f)
        from unnest(array[320, 640, 1280, 1920]) w0(w0)
          cross join lateral (select w0 as w where w0 < least(width, 2560) * 0.9 union all select least(width, 2560) where w0 = 320) ws
          cross join unnest(array['avif', 'webp', 'jpeg']) f)::text as variants
     from unnest(array[1920, 2560, 3000, 4000, 1280, 1600]) width cross join unnest(array[1.0, 1.5, 0.667, 0.5625, 1.25]) ratio`,
  );
  // Triggers off while loading: no foreign-key check per row, no change announced.
  await client.query("set session_replication_role = replica");
  await client.query(
    `insert into images (id, slug, title, description, category, creator_id, width, height, bytes, likes, downloads, views,
       created_at, updated_at, source, source_id, content_hash, dominant_color, placeholder, original_key, original_format,
       variants, status, search_text, colors)
     select r.g, lower(replace(r.title, ' ', '-')), r.title, 'A generated picture: ' || lower(r.title) || '.', r.category, r.creator_id,
       r.width, s.height, r.bytes, r.likes, r.downloads, r.views, r.created_at, r.created_at, 'bench', r.g::text, r.hash,
       '#' || substr(r.hash, 1, 6), 'YJqGPQw7sFlslqhFafOCe2dvA4pw', 'o/' || substr(r.hash, 1, 2) || '/' || r.hash || '.jpg', 'jpeg',
       replace(s.variants, 'KEY', substr(r.hash, 1, 2) || '/' || r.hash)::jsonb,
       case when r.g % 50 = 0 then 'hidden' else 'published' end,
       lower(r.title || ' ' || n.names),
       array(select distinct ($7::text[])[1 + floor(power(random(), 1.4) * array_length($7::text[], 1))::int]
             from generate_series(0, r.g % 3))
     from (
       select g,
              initcap(($2::text[])[1 + floor(power(random(), 2) * array_length($2::text[], 1))::int]) || ' ' ||
              ($3::text[])[1 + floor(power(random(), 1.6) * array_length($3::text[], 1))::int] ||
              case when g % 9973 = 0 then ' with a ${RARE_WORD}'
                   when random() < 0.6 then ' ' || ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] || ' the ' ||
                        ($3::text[])[1 + floor(power(random(), 1.3) * array_length($3::text[], 1))::int]
                   else '' end as title,
              ($5::text[])[1 + floor(random() * array_length($5::text[], 1))::int] as category,
              1 + floor(power(random(), 1.5) * $6::int)::int as creator_id,
              (array[1920, 2560, 3000, 4000, 1280, 1600])[1 + floor(random() * 6)::int] as width,
              (array[1.0, 1.5, 0.667, 0.5625, 1.25])[1 + floor(random() * 5)::int] as ratio,
              (500000 + random() * 6000000)::int as bytes,
              floor(power(random(), 4) * 900)::int as likes,
              floor(power(random(), 4) * 3000)::int as downloads,
              floor(random() * 20000)::int as views,
              date_trunc('second', now() - random() * interval '730 days') as created_at,
              md5(g::text) || md5((g * 31)::text) as hash
       from generate_series(1, $1::int) g
     ) r
     join fill_shapes s on s.width = r.width and s.ratio = r.ratio
     join fill_names n on n.g = r.g`,
    [count, adjectives, nouns, prepositions, categories, new Set(creators).size, colorNames],
  );
  await client.query("select setval(pg_get_serial_sequence('images', 'id'), $1::int)", [count]);
  await client.query("insert into image_tags (image_id, tag_id, position) select g, tag_id, position from fill_tags");
  await client.query("reset session_replication_role");
  // The words table's trigger was off with the others: the words of every title, tag and description, which all come from these lists.
  await client.query("insert into search_words (word, lexeme) select word, lexeme from search_words_in($1) on conflict do nothing", [
    [...adjectives, ...nouns, ...prepositions, ...tags, "a generated picture with the", RARE_WORD].join(" "),
  ]);
  // The triggers that keep creators' totals were off with the others: the totals in one pass.
  step("creator totals");
  await client.query(
    `insert into creator_totals (creator_id, uploads, likes, downloads)
     select creator_id, count(*), sum(likes), sum(downloads) from images where status = 'published' group by creator_id`,
  );
  for (const { definition } of indexes) {
    step(`index ${/INDEX (\S+)/.exec(definition)?.[1] ?? ""}`);
    await client.query(definition);
  }
  step("vacuum analyze");
  await client.query("vacuum analyze");
  await client.query("reset work_mem; reset maintenance_work_mem");
}
