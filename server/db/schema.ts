import { orientations } from "#contracts/catalog-constants";
import { reportReasons } from "#contracts/engagement";
import { roles } from "#contracts/account";
import { imageStatuses, type ReviewReason } from "#contracts/admin";
import { uploadStatuses, type UploadFailure } from "#contracts/studio";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/* ------------------------------------------------------------------ accounts
 * The four tables Better Auth works on, in its own field names, and the sign-in rate limits. */

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** member, creator or admin (contracts/account.ts); only an admin or `npm run admin` changes it. */
    role: text("role", { enum: roles }).notNull().default("member"),
    /** Set while an admin has disabled the account: it cannot sign in and has no sessions. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The creator page this account publishes under (set when it first uploads, or by an admin). */
    creatorId: integer("creator_id")
      .unique()
      .references((): AnyPgColumn => creators.id, { onDelete: "set null" }),
    /** The language the account chose (contracts/locales.ts), in its profile or the site menu; its mails go out in it. Null: none chosen, English. */
    locale: text("locale"),
  },
  (t) => [
    check("user_role_check", sql`${t.role} in ('member', 'creator', 'admin')`),
    // Sign-ups per day (server/insights/).
    index("user_created_idx").on(t.createdAt),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Attempts counted per key (action and IP, or action and account) in a fixed window;
 * in the database so that every instance shares them (server/auth/accounts-repository.ts). */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_reset_idx").on(t.resetAt)],
);

/* ------------------------------------------------------------------- catalog */

/** PostgreSQL's text search document; written by PostgreSQL only (a generated column), never read into JavaScript. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Text search configuration of search documents and queries (migration 0017): English stemming and stop words, accents ignored. */
export const SEARCH_CONFIG = "stockroom_english";

export const creators = pgTable("creators", {
  id: serial("id").primaryKey(),
  /** Shown as is and used, URL-encoded, in /creator/{name}. */
  name: text("name").notNull().unique(),
  /** Media key of the avatar image (square), when there is one. */
  avatarKey: text("avatar_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One rendition of an image: a format at a width, stored under a content-addressed key. */
export interface ImageVariant {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  bytes: number;
  key: string;
}

/** One download size of an image as stored: a JPEG at a width, under a content-addressed `d/…` key. */
export interface DownloadFileEntry {
  width: number;
  height: number;
  bytes: number;
  key: string;
}

/**
 * An image's download files, rendered once (server/media/stored-downloads.ts): one per distinct
 * width of its sizes, the original's included, and the label of what they carry.
 */
export interface DownloadFiles {
  /** downloadLabel() of what the files were made with; other than the image's current one, they are made again. */
  label: string;
  /** When the files were made and signed (ISO 8601; absent for files made before it was kept): their Content Credentials' date. */
  signedAt?: string;
  files: DownloadFileEntry[];
}

export const images = pgTable(
  "images",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull().default("Untitled"),
    description: text("description").notNull(),
    category: text("category").notNull().default("General"),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Size of the original file in bytes. */
    bytes: integer("bytes").notNull(),
    likes: integer("likes").notNull().default(0),
    downloads: integer("downloads").notNull().default(0),
    views: integer("views").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where the record came from ('folder', 'airtable', 'demo') and its id there. */
    source: text("source").notNull(),
    sourceId: text("source_id").notNull(),
    /** sha256 of the original bytes, hex. */
    contentHash: text("content_hash").notNull(),
    /** Dominant colour as #rrggbb. */
    dominantColor: text("dominant_color").notNull(),
    /** Thumbhash, base64. */
    placeholder: text("placeholder").notNull(),
    originalKey: text("original_key").notNull(),
    originalFormat: text("original_format").notNull(),
    variants: jsonb("variants").$type<ImageVariant[]>().notNull(),
    status: text("status", { enum: imageStatuses }).notNull().default("published"),
    /** Lower-cased title, creator name and tags, kept by the repository for substring search. */
    searchText: text("search_text").notNull().default(""),
    /**
     * sha256 of the XMP label (server/media/labels.ts) the variants carry; null while the files are
     * still as imported before labels existed (`npm run media:relabel` strips and labels them).
     */
    mediaLabel: text("media_label"),
    /** The JPEG downloads, rendered once when the image is imported; null for images imported before (made on first download). */
    downloadFiles: jsonb("download_files").$type<DownloadFiles>(),
    /**
     * Why an admin should look at the image (its upload's Content Credentials were invalid, or
     * said it is a camera capture), by code (contracts/admin.ts `ReviewReason`); null when nothing
     * needs review. Shown in /admin's images tab in its language.
     */
    reviewReason: jsonb("review_reason").$type<ReviewReason[]>(),
    /* How it was made: optional, as the source gave them. */
    aiModel: text("ai_model"),
    aiPrompt: text("ai_prompt"),
    aiNegativePrompt: text("ai_negative_prompt"),
    aiSeed: text("ai_seed"),
    aiSettings: text("ai_settings"),
    generatedAt: timestamp("generated_at", { withTimezone: true }),
    /** Named colours (contracts/catalog.ts) covering a fair share of the picture (server/media/palette.ts); null until labelled (`npm run colors`). */
    colors: text("colors").array(),
    /** Perceptual hash of the picture (server/media/visual-hash.ts), to recognise near-identical copies; null for older images. */
    visualHash: bigint("visual_hash", { mode: "bigint" }),
    /** From the size: square within 5% of 1:1. */
    orientation: text("orientation", { enum: orientations })
      .notNull()
      .generatedAlwaysAs(sql`case when width * 20 > height * 21 then 'landscape' when height * 20 > width * 21 then 'portrait' else 'square' end`),
    /**
     * What search matches (server/search/, decision 028): the title weighted A, the title and tags
     * (search_text) B, the description and the prompt of "How it was made" D; stemmed English
     * words without stop words or accents. Its statistics target is 1000 (migration 0020, which
     * drizzle cannot declare), so that rare words are estimated as rare.
     */
    searchDocument: tsvector("search_document")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('stockroom_english'::regconfig, title), 'A') || setweight(to_tsvector('stockroom_english'::regconfig, search_text), 'B') || setweight(to_tsvector('stockroom_english'::regconfig, description || ' ' || coalesce(ai_prompt, '')), 'D')`,
      ),
  },
  (t) => [
    uniqueIndex("images_source_idx").on(t.source, t.sourceId),
    // Migrations 0015 and 0017 add INCLUDE (search_text, search_document, colors, orientation), which drizzle cannot declare: lists test them in the index.
    index("images_newest_idx")
      // NULLS FIRST is what `order by created_at desc, id desc` means; drizzle's desc() alone says NULLS LAST.
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("images_creator_idx").on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The few hidden images, read whenever the media route refreshes what it refuses (server/media/hidden-media.ts).
    index("images_hidden_idx")
      .on(t.id)
      .where(sql`${t.status} = 'hidden'`),
    // The few images flagged for review, the admins' images tab's "Needs review" filter.
    index("images_review_idx")
      .on(t.id)
      .where(sql`${t.reviewReason} is not null`),
    index("images_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("images_search_document_idx").using("gin", t.searchDocument),
    // The title's words alone (search_document's A part): the candidates of search's title rank (server/search/search-query.ts, decision 048).
    index("images_title_document_idx").using("gin", sql`to_tsvector('stockroom_english'::regconfig, ${t.title})`),
    // The pairs of adjacent words of search_document (search_pairs, a function of migration 0028) of published images:
    // a quoted phrase's count reads one posting list per pair of its words (server/search/search-query.ts, decision 052).
    index("images_search_pairs_idx")
      .using("gin", sql`search_pairs(${t.searchDocument})`)
      .where(sql`${t.status} = 'published'`),
    index("images_orientation_idx")
      .on(t.orientation, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("images_colors_idx").using("gin", t.colors),
    // One per orientation, of its published images: a search narrowed by orientation (and colour) finds its
    // candidates in one scan that intersects the colour's and the words' posting lists among that orientation's
    // images, where PostgreSQL read three indexes into bitmaps (server/catalog/catalog-repository.ts, decision 050).
    ...orientations.map((orientation) =>
      index(`images_${orientation}_search_idx`)
        .using("gin", t.colors, t.searchDocument)
        .where(sql`${t.status} = 'published' and ${t.orientation} = ${sql.raw(`'${orientation}'`)}`),
    ),
    check("images_counts_not_negative", sql`${t.likes} >= 0 and ${t.downloads} >= 0 and ${t.views} >= 0`),
  ],
);

/**
 * A creator's totals over their published images, kept by triggers on `images` in the
 * statement that changes an image (migration 0008): a creator's page reads one row, however
 * many images they have (decision 016).
 */
export const creatorTotals = pgTable(
  "creator_totals",
  {
    creatorId: integer("creator_id")
      .primaryKey()
      .references(() => creators.id, { onDelete: "cascade" }),
    uploads: integer("uploads").notNull().default(0),
    likes: bigint("likes", { mode: "number" }).notNull().default(0),
    downloads: bigint("downloads", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("creator_totals_not_negative", sql`${t.uploads} >= 0 and ${t.likes} >= 0 and ${t.downloads} >= 0`)],
);

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
  },
  (t) => [
    uniqueIndex("tags_name_lower_idx").on(sql`lower(${t.name})`),
    index("tags_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("tags_name_document_idx").using("gin", sql`to_tsvector('stockroom_english'::regconfig, ${t.name})`),
  ],
);

/**
 * Every word of the catalog's titles, tags, descriptions and prompts, without accents and
 * lower-cased, with its stem: what a search's words are checked against and corrected to
 * (server/search/). Kept by a trigger on images (migration 0017); words are never removed.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    lexeme: text("lexeme").notNull(),
  },
  (t) => [index("search_words_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`), index("search_words_lexeme_idx").on(t.lexeme)],
);

/** Groups of words that mean the same to search, as the operator keeps them (/admin/search, `npm run search -- synonyms`). */
export const searchSynonyms = pgTable("search_synonyms", {
  id: serial("id").primaryKey(),
  /** Two or more single words, lower-cased, in the order given. */
  words: text("words").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const imageTags = pgTable(
  "image_tags",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.tagId] }), index("image_tags_tag_idx").on(t.tagId, t.imageId)],
);

/* --------------------------------------------------------- people and images */

export const likes = pgTable(
  "likes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.imageId] }), index("likes_image_idx").on(t.imageId)],
);

/** One row per download, with no user: the counts stay anonymous. */
export const downloadEvents = pgTable(
  "download_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("download_events_image_idx").on(t.imageId)],
);

/**
 * A signed-in person's receipt for one delivered download: what was handed out, under which
 * license version, as it was at that moment. Nothing here follows later changes (a new
 * title, a new license version, even the image's removal); the account's deletion removes them.
 */
export const downloadReceipts = pgTable(
  "download_receipts",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** No foreign key: the receipt outlives the image. */
    imageId: integer("image_id").notNull(),
    imageTitle: text("image_title").notNull(),
    creatorName: text("creator_name").notNull(),
    size: text("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    /** SHA-256 of the bytes delivered, hex. */
    sha256: text("sha256").notNull(),
    licenseVersion: integer("license_version").notNull(),
    licenseDate: text("license_date").notNull(),
    licenseUrl: text("license_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("download_receipts_user_idx").on(t.userId, t.id.desc().nullsFirst())],
);


/** A signed-in person's named set of images: private to its owner, or public at /collections/{id}-{slug}. */
export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("collections_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const collectionImages = pgTable(
  "collection_images",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.imageId] }),
    index("collection_images_newest_idx").on(t.collectionId, t.addedAt.desc().nullsFirst(), t.imageId.desc().nullsFirst()),
    index("collection_images_image_idx").on(t.imageId),
  ],
);


export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    /** Null for an anonymous report (and after the reporter deleted the account). */
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason", { enum: reportReasons }).notNull(),
    details: text("details").notNull().default(""),
    /** For an anonymous report: a keyed hash of the sender's IP address (never the address), for the rate limit. */
    source: text("source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution"),
  },
  (t) => [
    uniqueIndex("reports_one_per_user_idx")
      .on(t.imageId, t.reporterId)
      .where(sql`${t.reporterId} is not null`),
    index("reports_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    // An image's open reports: counted in the moderation queue, resolved together when it is hidden.
    index("reports_image_open_idx").on(t.imageId).where(sql`${t.resolvedAt} is null`),
    index("reports_source_idx")
      .on(t.source, t.createdAt)
      .where(sql`${t.source} is not null`),
  ],
);

/**
 * What happened to each image on each day (UTC): the per-day mirror of images.views,
 * images.downloads and images.likes, changed in the same statement as the counter it mirrors
 * (catalog, downloads and likes repositories), so that insights count days exactly. `likes`
 * counts likes given that day and `unlikes` those taken back (also by deleting the account):
 * their difference summed over every day is what the day's likes added to images.likes.
 * Counts from before an image's history began (an import's starting totals) have no day.
 */
export const dailyActivity = pgTable(
  "daily_activity",
  {
    day: date("day", { mode: "string" }).notNull(),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    downloads: integer("downloads").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    unlikes: integer("unlikes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.imageId] }), index("daily_activity_image_idx").on(t.imageId)],
);

/** Search queries as typed, kept to improve recommendations (see the privacy page). */
export const searchQueries = pgTable(
  "search_queries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    query: text("query").notNull(),
    results: integer("results").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A keyed hash of the searcher's address and browser that changes every day: tells several people from one, names no one. */
    visitor: text("visitor"),
  },
  (t) => [index("search_queries_created_idx").on(t.createdAt)],
);

/* ------------------------------------------------------------------- uploads */

/** What the uploader typed for the file: the image's fields, as the import takes them. */
export interface UploadFields {
  title: string;
  tags: string[];
  category: string;
  description: string;
  model: string;
  prompt: string;
}

/**
 * A file uploaded in the browser, from its arrival to its image (server/studio/): staged in the
 * media storage under `stagedKey` until the job queue has imported it (server/jobs/), then the
 * image's id, or the reason it failed. A restarted server finds its unfinished rows here.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** Where the uploaded bytes wait in the media storage; null once processed. */
    stagedKey: text("staged_key"),
    status: text("status", { enum: uploadStatuses }).notNull().default("queued"),
    /** Why it failed, in words for the uploader (English). */
    reason: text("reason"),
    /** Why it failed, by code with what its words name, for pages in every language (contracts/studio.ts `uploadFailures`). */
    failure: jsonb("failure").$type<UploadFailure>(),
    imageId: integer("image_id").references(() => images.id, { onDelete: "cascade" }),
    fields: jsonb("fields").$type<UploadFields>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_user_idx").on(t.userId, t.createdAt.desc()), check("uploads_status_check", sql`${t.status} in ('queued', 'processing', 'done', 'failed')`)],
);

/* ------------------------------------------------------- signing identity */

/**
 * The site's own Content Credentials signing identity (decision 030), one row per kind: the
 * certificate chain (PEM) and its private key sealed with AUTH_SECRET (AES-256-GCM), so that
 * every instance and every operator command signs with the same certificate. The first
 * instance to need it makes it; the others read it (server/credentials/signing-identity-repository.ts).
 */
export const signingIdentities = pgTable("signing_identities", {
  name: text("name").primaryKey(),
  chainPem: text("chain_pem").notNull(),
  sealedKey: text("sealed_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The Content Credentials an uploaded file came with (decision 031): its manifest store, kept as
 * the C2PA library's archive of one `parentOf` ingredient, so that every download size the site
 * signs carries the generator's claim under its own. At most PARENT_CREDENTIALS_MAX_BYTES.
 */
export const parentCredentials = pgTable("parent_credentials", {
  imageId: integer("image_id")
    .primaryKey()
    .references(() => images.id, { onDelete: "cascade" }),
  /** The archive, base64. */
  archive: text("archive").notNull(),
  /** sha256 of the archive, hex: part of the label its image's stored downloads are checked against. */
  sha256: text("sha256").notNull(),
});

/* ----------------------------------------------------------------- audit log */

/**
 * Every admin action, who did it and to what: written in the same transaction as the
 * action (server/audit/audit-repository.ts). `actorId` is null for the command line.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor as shown later, kept when the account is gone: an email address, or "command line". */
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type", { enum: ["account", "image", "report"] }).notNull(),
    targetId: text("target_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc()), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);
