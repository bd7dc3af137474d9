import { sql, type SQL } from "drizzle-orm";
import type { AdminImagesQuery, ImageStatus, ReviewReason } from "#contracts/admin";
import type { ListFilters } from "#contracts/catalog";
import type { Db } from "../db/database.ts";
import { orientations, SEARCH_TOTAL_MAX } from "#contracts/catalog-constants";
import { searchQueries, type ImageVariant } from "../db/schema.ts";
import { addToToday } from "../db/daily-activity.ts";
import type { ListPosition } from "#contracts/catalog";
import { creatorsOf, intArray, matches, ofRank, phraseCandidates, ranksOf, sameWords, tagMatches, upToRank, type SearchPlan } from "../search/search-query.ts";

/**
 * Every read of the catalog, in SQL. Lists are keyset-paginated on (created_at desc, id desc),
 * served by images_newest_idx (and images_creator_idx for a creator's images). A tag filter
 * walks that order and probes image_tags_tag_idx, or sorts the tag's images when the tag is
 * rare. Text search (server/search/search-query.ts) narrows candidates with the GIN index on
 * search_document when its words are rare, and walks the newest-first order when they are
 * common. images_newest_idx carries search_text, search_document, colors and orientation, so a
 * walk tests them without reading the rows.
 */

export interface LoggedSearch {
  query: string;
  results: number;
  createdAt: Date;
  /** A keyed hash naming the searcher for the day (catalog-service.ts), or null. */
  visitor: string | null;
}

/** Which list, narrowed by orientation and colour when those are given. */
export type ImageFilter = (
  | { kind: "all" }
  | { kind: "tag"; tag: string }
  | { kind: "search"; plan: SearchPlan }
  | { kind: "creator"; creatorId: number }
) &
  ListFilters;

export interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  width: number;
  height: number;
  color: string;
  placeholder: string;
  variants: ImageVariant[];
  likes: number;
  downloads: number;
  creatorName: string;
  avatarKey: string | null;
  tags: string[];
  rank: number;
  ts: string;
}

/** A row as PostgreSQL gives it: tag ids where the row has tag names. */
type RawRow<T extends SummaryRow> = Omit<T, "tags"> & { tagIds: number[] } & Record<string, unknown>;
type RawSummaryRow = RawRow<SummaryRow>;

/** An image of any status, as admins list them. */
export interface AnyStatusRow extends SummaryRow {
  status: ImageStatus;
  review: ReviewReason[] | null;
}

export interface DetailRow extends SummaryRow {
  description: string;
  category: string;
  bytes: number;
  views: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  creatorId: number;
  aiModel: string | null;
  aiPrompt: string | null;
  aiNegativePrompt: string | null;
  aiSeed: string | null;
  aiSettings: string | null;
  /** ISO 8601, UTC. */
  generatedAt: string | null;
  /** When its download files were signed (ISO 8601); null until they are made. */
  signedAt: string | null;
}

interface CreatorRow {
  id: number;
  name: string;
  avatarKey: string | null;
  uploads: number;
  downloads: number;
  likes: number;
}

interface SitemapRow {
  id: number;
  slug: string;
  /** ISO 8601, UTC. */
  updatedAt: string;
}

/** Images looked at per tag for related images: the latest of each tag, so that a tag with
 * thousands of images costs no more than a rare one. */
const RELATED_PER_TAG = 100;

/** Perceptual hashes this close (bits of 64) count as looking alike in related images, the closer the more. */
const LOOKALIKE_BITS = 12;

const published = sql`i.status = 'published'`;

/** Newest published images a count of several words reads in list order before asking the search index (decision 048). */
const COUNT_WALK = 30_000;
/**
 * Newest published images a count of several words reads before that walk, and the matches among them
 * below which the walk is skipped: fewer than 50 in 3,000 foretell some 500 in 30,000, too few to reach
 * the cap, and the search index is asked at once (decision 050).
 */
const COUNT_PROBE = 3000;
const PROBE_MIN = 50;
/** Newest published images a search's title rank reads in list order before asking the title's index (decision 048). */
const TITLE_WALK = 5000;

/**
 * Any orientation, as one condition per orientation: PostgreSQL then reads a search narrowed by colour
 * alone in each orientation's index of colours and words (images_square_search_idx...), where it
 * intersected the colour's and the words' bitmaps of the whole catalog (decision 050).
 */
const anyOrientation = sql.raw(`(${orientations.map((orientation) => `i.orientation = '${orientation}'`).join(" or ")})`);

/**
 * `and` the orientation and colour conditions, when given (images_orientation_idx, images_colors_idx). A search
 * narrowed by them finds its candidates in each orientation's index of colours and words, one scan
 * intersecting them (decision 050).
 */
function narrowedBy(filters: ListFilters): SQL {
  const conditions = [
    ...(filters.orientation ? [sql`i.orientation = ${filters.orientation}`] : filters.color ? [anyOrientation] : []),
    ...(filters.color ? [sql`i.colors @> ${`{${filters.color}}`}::text[]`] : []),
  ];
  return conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
}

const newestFirst = sql`i.created_at desc, i.id desc`;
const tsOf = sql`to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
/** A timestamp as an ISO 8601 string in UTC (the driver hands timestamps over as PostgreSQL text). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function after(position: ListPosition | null): SQL {
  return position ? sql`and (i.created_at, i.id) < (${position.ts}::timestamp at time zone 'UTC', ${position.id}::int)` : sql``;
}

export function createCatalogRepository(db: Db) {
  const rows = async <T extends Record<string, unknown>>(query: SQL) => (await db.execute<T>(query)).rows;

  /**
   * Tag names by id, kept for the life of the process: a tag's name never changes once it
   * exists (imports add tags and never rename them, nothing deletes them), and naming tags in
   * Node spares every page a join per row with the tags table.
   */
  const tagNames = new Map<number, string>();

  /** Tag ids by lower-cased name, kept for the same reason (a tag, once there, stays what it is). */
  const tagIdsByName = new Map<string, number>();

  /** The id of the tag with this name in any case, or undefined when there is none (yet). */
  async function tagId(name: string): Promise<number | undefined> {
    const key = name.toLowerCase();
    if (!tagIdsByName.has(key)) {
      const [tag] = await rows<{ id: number }>(sql`select id from tags where lower(name) = lower(${name})`);
      if (!tag) return undefined;
      tagIdsByName.set(key, tag.id);
    }
    return tagIdsByName.get(key);
  }

  /** Rows with their tags' ids replaced by the tags' names. */
  async function named<T extends SummaryRow>(found: Array<RawRow<T>>): Promise<T[]> {
    const missing = [...new Set(found.flatMap((row) => row.tagIds))].filter((id) => !tagNames.has(id));
    if (missing.length) {
      for (const tag of await rows<{ id: number; name: string }>(sql`select id, name from tags where id = any(${intArray(missing)})`)) {
        tagNames.set(tag.id, tag.name);
      }
    }
    return found.map(({ tagIds, ...row }) => ({ ...row, tags: tagIds.flatMap((id) => tagNames.get(id) ?? []) }) as unknown as T);
  }

  /** Summary columns of `images i` joined with `creators c`: the same for every viewer. */
  const summaryColumns = sql`i.id, i.slug, i.title, i.width, i.height, i.dominant_color as color, i.placeholder, i.variants,
      i.likes, i.downloads, c.name as "creatorName", c.avatar_key as "avatarKey",
      array(select it.tag_id from image_tags it where it.image_id = i.id order by it.position, it.tag_id) as "tagIds",
      ${tsOf} as ts`;

  /** Images of any status, with their status, where `condition` (which may go on with order and limit). */
  async function anyStatusRows(condition: SQL): Promise<AnyStatusRow[]> {
    return named<AnyStatusRow>(await rows<RawRow<AnyStatusRow>>(sql`
      select ${summaryColumns}, 0 as rank, i.status, i.review_reason as review from images i join creators c on c.id = i.creator_id where ${condition}`));
  }

  /** Summaries of the images `hits` (a statement giving `id` and `rank`) names, in list order. */
  async function summariesOf(hits: SQL): Promise<SummaryRow[]> {
    return named<SummaryRow>(await rows<RawSummaryRow>(sql`
      select ${summaryColumns}, h.rank
      from (${hits}) h join images i on i.id = h.id join creators c on c.id = i.creator_id
      order by h.rank, ${newestFirst}`));
  }

  /** Ids of the newest published images meeting `condition` and `filters`, after `from`, as tier `rank`. */
  const newest = (condition: SQL, filters: ListFilters, from: ListPosition | null, limit: number, rank = 0) =>
    sql`select i.id, ${rank}::int as rank from images i where ${published} and ${condition} ${narrowedBy(filters)} ${after(from)}
      order by ${newestFirst} limit ${limit}`;

  /**
   * `newest(condition)` for a search's title rank: the TITLE_WALK newest images after `from` first,
   * in the newest-first index that holds their documents and filters (`walked`, the same match in
   * search_document), and `condition` (the title's own index) only when fewer than `limit` of them
   * match. Either way the newest `limit` matches: a common combination is found in a few thousand
   * entries without computing each title's words, a rare one from the index (decision 048).
   */
  const newestWalkedFirst = (walked: SQL, condition: SQL, filters: ListFilters, from: ListPosition | null, limit: number) => sql`
    with walked as materialized (
      select i.id, i.created_at from (
        select i.id, i.created_at, i.search_document, i.search_text, i.colors, i.orientation from images i
        where ${published} ${after(from)} order by ${newestFirst} limit ${TITLE_WALK}) i
      where ${walked} ${narrowedBy(filters)} order by ${newestFirst} limit ${limit})
    select id, 0 as rank from walked where (select count(*) from walked) >= ${limit}
    union all
    select * from (${newest(condition, filters, from, limit)}) found where (select count(*) from walked) < ${limit}`;

  /**
   * Ids of one search rank's images, after `from`. The creators' rank walks each named
   * creator's images newest first through images_creator_idx, at most `limit` of each: however
   * busy a creator, a page reads at most `limit` rows of theirs that qualify.
   */
  function searchRank(filter: ImageFilter & { kind: "search" }, rank: number, from: ListPosition | null, limit: number): SQL {
    if (rank === 0) return newestWalkedFirst(upToRank(filter.plan, 0), ofRank(filter.plan, 0), filter, from, limit);
    if (rank < 4) return newest(ofRank(filter.plan, rank), filter, from, limit, rank);
    return sql`select x.id, 4 as rank from unnest(${intArray(creatorsOf(filter.plan))}) cid cross join lateral (
      select i.id, i.created_at from images i
      where ${published} and i.creator_id = cid and ${ofRank(filter.plan, rank, sql`cid`)} ${narrowedBy(filter)} ${after(from)}
      order by ${newestFirst} limit ${limit}) x
      order by x.created_at desc, x.id desc limit ${limit}`;
  }

  return {
    /**
     * One page of published images, newest first. A search's page takes its ranks in order,
     * one statement each, and stops once the page is full: a common word fills it from its
     * first rank, and PostgreSQL plans only that (planning all of them took as long as running one).
     */
    async page(filter: ImageFilter, from: ListPosition | undefined, limit: number): Promise<SummaryRow[]> {
      switch (filter.kind) {
        case "all":
          return summariesOf(newest(sql`true`, filter, from ?? null, limit));
        case "creator":
          return summariesOf(newest(sql`i.creator_id = ${filter.creatorId}`, filter, from ?? null, limit));
        case "tag": {
          // The tag's id as a constant lets the planner weigh how common the tag is.
          const id = await tagId(filter.tag);
          return summariesOf(newest(id ? sql`i.id in (select image_id from image_tags where tag_id = ${id})` : sql`false`, filter, from ?? null, limit));
        }
        case "search": {
          const found: SummaryRow[] = [];
          if (filter.plan.findsNothing) return found;
          for (const rank of ranksOf(filter.plan).filter((r) => r >= (from?.rank ?? 0))) {
            if (found.length >= limit) break;
            found.push(...(await summariesOf(searchRank(filter, rank, rank === from?.rank ? from : null, limit - found.length))));
          }
          return found;
        }
      }
    },

    /**
     * How many published images a search matches, narrowed by `filters`, counted up to
     * SEARCH_TOTAL_MAX + 1: counting every match of a common word reads a good part of the
     * catalog, stopping there reads a few thousand rows at most (decision 016).
     */
    async searchCount(plan: SearchPlan, filters: ListFilters): Promise<number> {
      if (plan.findsNothing) return 0;
      const max = SEARCH_TOTAL_MAX + 1;
      const creators = creatorsOf(plan);
      // The creators' images are counted only while the text's matches stay under the cap.
      const byCreators = creators.length
        ? sql`(select count(*) from unnest(${intArray(creators)}) cid cross join lateral (
            select from images i where ${published} and i.creator_id = cid and ${ofRank(plan, 4, sql`cid`)} ${narrowedBy(filters)} limit ${max}) x)`
        : sql`0`;
      const text = upToRank(plan, 3);
      // A phrase's matches among the images holding its pairs of adjacent words, read from their own index first
      // (`offset 0`: else PostgreSQL also intersects the search index's posting lists of the phrase's words, for
      // candidates the pairs already narrowed). Narrowed by orientation or colour, the orientation's index of colours
      // and words gives fewer candidates in one scan (decision 050), and stays (decision 052).
      const pairs = filters.orientation || filters.color ? null : phraseCandidates(plan);
      const among = pairs
        ? sql`(select i.search_document, i.search_text from images i where ${published} and ${pairs} offset 0) i where ${text}`
        : sql`images i where ${published} and ${text} ${narrowedBy(filters)}`;
      const found = sql`(select count(*) from (select from ${among} limit ${max}) found)`;
      /** Matches among the `walk` newest images, up to `limit` (none unless `onlyIf`), read in the newest-first index that holds their documents and filters. */
      const amongNewest = (walk: number, limit: number, onlyIf = sql``) => sql`(select count(*) as n from (
        select from (select i.search_document, i.search_text, i.colors, i.orientation from images i where ${published} order by ${newestFirst} limit ${walk}) i
        where ${text} ${narrowedBy(filters)} ${onlyIf} limit ${limit}) newest)`;
      // Several words, or a phrase read from its pairs: the newest COUNT_WALK images first. A common combination
      // has its `max` matches among them, read for less than the index's posting lists, which it must intersect
      // (or, for a common pair, read whole: "generated picture" in every image); only a rarer one asks that index,
      // at once when the COUNT_PROBE newest hold too few matches for the walk to reach `max` (decisions 050, 052).
      const byText =
        plan.terms.length > 1 || pairs
          ? sql`(select case when walked.n >= ${max} then walked.n else ${found} end from
              ${amongNewest(COUNT_WALK, max, sql`and ${amongNewest(COUNT_PROBE, PROBE_MIN)} >= ${PROBE_MIN}`)} walked)`
          : found;
      const [row] = await rows<{ n: number }>(sql`
        with by_text as materialized (select ${byText} as n)
        select (case when by_text.n >= ${max} then ${max} else least(${max}, by_text.n + ${byCreators}) end)::int as n from by_text`);
      return row!.n;
    },

    /** A published image with what its detail shows, or undefined. */
    async image(id: number): Promise<DetailRow | undefined> {
      const [row] = await named<DetailRow>(await rows<RawRow<DetailRow>>(sql`
        select ${summaryColumns}, 0 as rank, i.description, i.category, i.bytes, i.views,
          ${iso(sql`i.created_at`)} as "createdAt", i.creator_id as "creatorId",
          i.ai_model as "aiModel", i.ai_prompt as "aiPrompt", i.ai_negative_prompt as "aiNegativePrompt",
          i.ai_seed as "aiSeed", i.ai_settings as "aiSettings", ${iso(sql`i.generated_at`)} as "generatedAt",
          i.download_files->>'signedAt' as "signedAt"
        from images i join creators c on c.id = i.creator_id
        where i.id = ${id} and ${published}`));
      return row;
    },

    /**
     * For admins: images of any status (or of `status`) that a search matches as the gallery's
     * does (all when `plan` is null), newest added first, `limit` with ids below `before`.
     * Walks the primary key backwards (images_hidden_idx for hidden ones), or narrows by the
     * GIN index on search_document when the words are rare, as the gallery's search does.
     */
    async anyStatus(filter: { plan: SearchPlan | null; status: AdminImagesQuery["status"] }, before: number | undefined, limit: number): Promise<AnyStatusRow[]> {
      const conditions = [
        ...(filter.status === "all" ? [] : [filter.status === "review" ? sql`i.review_reason is not null` : sql`i.status = ${filter.status}`]),
        ...(filter.plan ? [matches(filter.plan)] : []),
        ...(before === undefined ? [] : [sql`i.id < ${before}`]),
      ];
      return anyStatusRows(sql`${conditions.length ? sql.join(conditions, sql` and `) : sql`true`} order by i.id desc limit ${limit}`);
    },

    /** For admins: these images, whatever their status, in no particular order. */
    anyStatusByIds: (ids: number[]): Promise<AnyStatusRow[]> => anyStatusRows(sql`i.id = any(${intArray(ids)})`),

    /** These images, those published, in no particular order. */
    async byIds(ids: number[]): Promise<SummaryRow[]> {
      return named<SummaryRow>(await rows<RawSummaryRow>(sql`
        select ${summaryColumns}, 0 as rank from images i join creators c on c.id = i.creator_id
        where i.id = any(${intArray(ids)}) and ${published}`));
    },

    /**
     * Published images most like this one, among those sharing a tag (the latest of each tag),
     * the creator or the category: scored 3 per shared tag, 2 for the creator, 1 for the
     * category, and up to 2 for looking alike (perceptual hashes within 12 bits), newest first
     * among equals.
     */
    async related(image: Pick<DetailRow, "id" | "creatorId" | "category">, limit: number): Promise<SummaryRow[]> {
      const { id, creatorId, category } = image;
      return named<SummaryRow>(await rows<RawSummaryRow>(sql`
        with shared as (
          select x.image_id as id, count(*) as n
          from image_tags mine cross join lateral (
            select it.image_id from image_tags it where it.tag_id = mine.tag_id and it.image_id <> ${id}
            order by it.image_id desc limit ${RELATED_PER_TAG}) x
          where mine.image_id = ${id}
          group by x.image_id),
        candidates as (
          select id from shared
          union select id from (select i.id from images i where i.creator_id = ${creatorId} and ${published} and i.id <> ${id}
                                order by ${newestFirst} limit ${limit}) same_creator
          union select id from (select i.id from images i where i.category = ${category} and ${published} and i.id <> ${id}
                                order by ${newestFirst} limit ${limit}) same_category)
        select ${summaryColumns}, 0 as rank
        from candidates k join images i on i.id = k.id join creators c on c.id = i.creator_id left join shared s on s.id = i.id
          cross join (select visual_hash as hash from images where id = ${id}) mine
        where ${published}
        order by 3 * coalesce(s.n, 0) + (i.creator_id = ${creatorId})::int * 2 + (i.category = ${category})::int
            + coalesce(greatest(0, ${LOOKALIKE_BITS} - bit_count((i.visual_hash # mine.hash)::bit(64))) / ${LOOKALIKE_BITS / 2}::numeric, 0) desc,
          ${newestFirst}
        limit ${limit}`));
    },

    /**
     * Counts one view of a published image, and of its day, unless `seen` (a visitor's key for
     * this image) was counted within `windowSeconds`: the window is a row of `rate_limit`, shared
     * by every instance. The image's like and download counts, read in the same statement; none
     * when there is no such image.
     */
    async addView(id: number, seen: string, windowSeconds: number): Promise<{ likes: number; downloads: number } | undefined> {
      const [row] = await rows<{ likes: number; downloads: number }>(sql`
        with image as (
          select i.id, i.likes, i.downloads from images i where i.id = ${id} and ${published}
        ), fresh as (
          insert into rate_limit (key, count, reset_at)
          select ${seen}, 1, now() + make_interval(secs => ${windowSeconds}) from image
          on conflict (key) do update set count = 1, reset_at = excluded.reset_at where rate_limit.reset_at <= now()
          returning 1
        ), counted as (
          update images i set views = views + 1 from image where i.id = image.id and exists (select from fresh) returning i.id
        ), day as (${addToToday("views", sql`select id as image_id, 1 as n from counted`)})
        select likes, downloads from image`);
      return row;
    },

    /** `count` random tags that have at least one published image. */
    async randomTags(count: number): Promise<string[]> {
      const found = await rows<{ name: string }>(sql`
        select t.name from tags t
        where exists (select 1 from image_tags it join images i on i.id = it.image_id where it.tag_id = t.id and ${published})
        order by random() limit ${count}`);
      return found.map((r) => r.name);
    },

    /**
     * Tags of published images that a search (`plan`, of `q` lower-cased) matches, as the
     * gallery's search matches words (stems, starts, contained), those starting with `q` first.
     */
    async tagsMatching(plan: SearchPlan, q: string, count: number): Promise<string[]> {
      const found = await rows<{ name: string }>(sql`
        select t.name from tags t
        where ${tagMatches(plan)}
          and exists (select 1 from image_tags it join images i on i.id = it.image_id where it.tag_id = t.id and ${published})
        order by starts_with(lower(t.name), ${q}) desc, length(t.name), lower(t.name) limit ${count}`);
      return found.map((r) => r.name);
    },

    /** A creator by exact name, with totals over their published images (creator_totals, kept by triggers on images). */
    async creator(name: string): Promise<CreatorRow | undefined> {
      const [row] = await rows<CreatorRow & Record<string, unknown>>(sql`
        select c.id, c.name, c.avatar_key as "avatarKey", coalesce(t.uploads, 0)::int as uploads,
          coalesce(t.downloads, 0)::int as downloads, coalesce(t.likes, 0)::int as likes
        from creators c left join creator_totals t on t.creator_id = c.id
        where c.name = ${name}`);
      return row;
    },

    /** Which of these images the user likes. */
    async likedAmong(userId: string, ids: number[]): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`
        select image_id as id from likes where user_id = ${userId} and image_id = any(${intArray(ids)})`);
      return found.map((r) => r.id);
    },

    /** Adds searches to the search-query log, in one statement. */
    async logSearches(searches: LoggedSearch[]): Promise<void> {
      if (searches.length) await db.insert(searchQueries).values(searches);
    },

    /**
     * Searches of the last `days` that found images, made by at least `minVisitors` distinct
     * visitors (a visitor's key changes daily, so one person on three days counts thrice),
     * most visitors first; each as most people spelled it. Searches of the same words in any
     * form and order are one (search-query.ts sameWords).
     */
    async popularSearches(days: number, minVisitors: number, limit: number): Promise<string[]> {
      const found = await rows<{ query: string }>(sql`
        select mode() within group (order by query) as query
        from search_queries
        where created_at > now() - make_interval(days => ${days}) and results > 0 and visitor is not null
        group by ${sameWords(sql`query`)}
        having count(distinct visitor) >= ${minVisitors}
        order by count(distinct visitor) desc, count(*) desc, 1
        limit ${limit}`);
      return found.map((r) => r.query);
    },

    /**
     * Published images most downloaded and liked over the last `days` (daily_activity read by
     * day through its primary key), then most viewed, most first.
     */
    async popularImages(days: number, limit: number): Promise<SummaryRow[]> {
      return summariesOf(sql`
        select a.image_id as id, row_number() over (order by sum(a.downloads + a.likes) desc, sum(a.views) desc, a.image_id desc)::int as rank
        from daily_activity a join images i on i.id = a.image_id
        where a.day > current_date - ${days}::int and ${published}
        group by a.image_id
        order by rank limit ${limit}`);
    },

    /** Tags of published images closest to `q` (lower-cased) by trigram similarity, closest first. */
    async closestTags(q: string, count: number): Promise<string[]> {
      const found = await rows<{ name: string }>(sql`
        select t.name from tags t
        where lower(t.name) % ${q}
          and exists (select 1 from image_tags it join images i on i.id = it.image_id where it.tag_id = t.id and ${published})
        order by similarity(lower(t.name), ${q}) desc, lower(t.name) limit ${count}`);
      return found.map((r) => r.name);
    },

    /** Published images by id, `limit` at a time after `afterId`. */
    sitemap(afterId: number, limit: number): Promise<SitemapRow[]> {
      return rows<SitemapRow & Record<string, unknown>>(sql`
        select i.id, i.slug, ${iso(sql`i.updated_at`)} as "updatedAt" from images i
        where ${published} and i.id > ${afterId} order by i.id limit ${limit}`);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
