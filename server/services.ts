import path from "node:path";
import { createAuditRepository } from "./audit/audit-repository.ts";
import { createAuditService, type AuditService } from "./audit/audit-service.ts";
import { createAccountAdminRepository } from "./admin/account-admin-repository.ts";
import { createAccountAdminService, type AccountAdminService } from "./admin/account-admin-service.ts";
import { createReaderPool, type ReaderPool } from "./credentials/reader-pool.ts";
import { createVerifyService, type VerifyService } from "./credentials/verify-service.ts";
import { createModerationService, type ModerationService } from "./admin/moderation-service.ts";
import { createAccountsRepository } from "./auth/accounts-repository.ts";
import { createAccountsService, type AccountsService } from "./auth/accounts.ts";
import { createAuth, type Auth } from "./auth/auth.ts";
import { CATALOG_CHANGES, createCatalogCache } from "./catalog/catalog-cache.ts";
import { createCatalogRepository } from "./catalog/catalog-repository.ts";
import { createCatalogService, type CatalogService } from "./catalog/catalog-service.ts";
import { createCollectionsRepository } from "./collections/collections-repository.ts";
import { createCollectionsService, type CollectionsService } from "./collections/collections-service.ts";
import type { Config } from "./config.ts";
import { listenForChanges, type ChangeFeed } from "./db/change-feed.ts";
import type { Database } from "./db/database.ts";
import { createDownloadsRepository } from "./engagement/downloads-repository.ts";
import { createDownloadsService, type DownloadsService } from "./engagement/downloads-service.ts";
import { createLikesRepository } from "./engagement/likes-repository.ts";
import { createLikesService, type LikesService } from "./engagement/likes-service.ts";
import { createReportsRepository } from "./engagement/reports-repository.ts";
import { createReportsService, type ReportsService } from "./engagement/reports-service.ts";
import { createInsightsRepository } from "./insights/insights-repository.ts";
import { createInsightsService, type InsightsService } from "./insights/insights-service.ts";
import type { Logger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { createHiddenMedia, type HiddenMedia } from "./media/hidden-media.ts";
import { licenseUrlOf } from "./media/labels.ts";
import { createMediaRepository } from "./media/media-repository.ts";
import { createMediaStorage, type MediaStorage } from "./media/storage.ts";
import { createMetrics, type Metrics } from "./observability/metrics.ts";
import { createReadiness, type Readiness } from "./observability/readiness.ts";
import { createReceiptsRepository } from "./receipts/receipts-repository.ts";
import { createReceiptsService, type ReceiptsService } from "./receipts/receipts-service.ts";
import { createDemoCatalog, type DemoCatalog } from "./catalog/demo/demo-catalog.ts";
import { createDemoRepository } from "./catalog/demo/demo-repository.ts";
import { createImportRepository } from "./catalog/import/import-repository.ts";
import { createImportService, type ImportService } from "./catalog/import/import-service.ts";
import { createSearchRepository } from "./search/search-repository.ts";
import { createSearchService, type SearchService } from "./search/search-service.ts";
import { createImageFiles } from "./media/image-files.ts";
import { imagingOf, type Imaging } from "./media/image-pool.ts";
import { createJobQueue, type JobQueue } from "./jobs/job-queue.ts";
import { createImageEditsRepository } from "./studio/image-edits-repository.ts";
import { createImageEditsService, type ImageEditsService } from "./studio/image-edits-service.ts";
import { createAvatarService, type AvatarService } from "./studio/avatar-service.ts";
import { createCreatorPagesRepository } from "./studio/creator-pages-repository.ts";
import { createUploadsRepository } from "./studio/uploads-repository.ts";
import { createUploadsService, UPLOAD_QUEUE, type UploadsService } from "./studio/uploads-service.ts";

/**
 * The composition root: every service, built once per process from its repositories and
 * peers, for the server and the operator commands (cli/) alike. HTTP handlers and React
 * Router loaders receive this object; nothing else constructs services.
 */
export interface Services {
  config: Config;
  log: Logger;
  /** Image files (originals, variants, avatars); URLs via media.publicUrl(key). */
  media: MediaStorage;
  /** The one bounded pool image work runs in, and the largest picture taken (server/media/image-pool.ts). */
  imaging: Imaging;
  /** Reads the Content Credentials of files from outside, off the main thread and for a bounded time (server/credentials/reader-pool.ts). */
  credentialsReader: ReaderPool;
  /** /verify: the verdict on anyone's file's Content Credentials. */
  verify: VerifyService;
  /** Which media files belong to hidden images (the media route refuses them). */
  hiddenMedia: HiddenMedia;
  /** Better Auth, mounted at /api/auth (server/http/api/account.ts). */
  auth: Auth;
  /** Accounts: who is signed in (`accounts.viewer(headers)`), sign-up/in/out, reset, profile, deletion. */
  accounts: AccountsService;
  /** The gallery's read side: lists, search, image details, tags, creators, sitemap. */
  catalog: CatalogService;
  /** How searches read (server/search/), and the operator's synonyms. */
  search: SearchService;
  /** What the database announces about catalog changes; undefined when nothing is kept (`keepLists: false`). */
  catalogChanges: ChangeFeed | undefined;
  likes: LikesService;
  /** Image files as JPEG downloads, each one counted, and a receipt for each one delivered. */
  downloads: DownloadsService;
  /** License receipts of signed-in downloads, each readable by its owner alone. */
  receipts: ReceiptsService;
  /** Signed-in people's collections of images, private or public, and their ZIP downloads. */
  collections: CollectionsService;
  /** Reports from visitors, and moderation (hide, restore) for `npm run moderate`. */
  reports: ReportsService;
  /** Moderation as admins do it in /admin: the queue, images of any status, hide, restore, dismiss. */
  moderation: ModerationService;
  /** Accounts as admins manage them: roles, disabling (server/admin/). */
  accountAdmin: AccountAdminService;
  /** What admins did, newest first. */
  audit: AuditService;
  /** Admins: activity per day, top images and searches (server/insights/). */
  insights: InsightsService;
  /** The one way images enter the catalog (folder, Airtable, uploads, the demo), and colour labels for older images. */
  imports: ImportService;
  /** The generated demo catalog: seeded on start (DEMO_IMAGES) and by `npm run demo`. */
  demo: DemoCatalog;
  /** Work done in the background by any instance, kept in PostgreSQL (server/jobs/). */
  jobs: JobQueue;
  /** Uploads from the browser: staged, checked, then imported by the job queue. */
  uploads: UploadsService;
  /** Creators' own images: edit and delete (admins: any image, audited). */
  imageEdits: ImageEditsService;
  /** The picture of a creator's page, set in the profile settings. */
  avatars: AvatarService;
  /** Prometheus metrics of this instance (served on METRICS_PORT by server/main.ts). */
  metrics: Metrics;
  /** Whether PostgreSQL and the media storage answer and the instance is not stopping (`/readyz`). */
  readiness: Readiness;
  /** Stops listening for database changes and writes what is buffered; before the database closes. */
  close(): Promise<void>;
}

/** How long one file's Content Credentials may take to read: a 50 MB file takes well under a second. */
const CREDENTIALS_READ_MS = 10_000;

export function createServices(deps: {
  config: Config;
  database: Pick<Database, "db" | "pool">;
  log: Logger;
  /** Keep catalog lists and pages between changes (catalog-cache.ts, server/http/page-cache.ts); off only to measure without it (`npm run bench`). */
  keepLists?: boolean;
}): Services {
  const { config, log } = deps;
  const { db, pool } = deps.database;
  const media = createMediaStorage(config);
  // (The job queue, made below, is asked its depths at each scrape.)
  const metrics = createMetrics({ pool, queueDepths: () => jobs.depths() });
  const accountsRepository = createAccountsRepository(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const auth = createAuth({ config, db, log, mailer, repository: accountsRepository });
  const catalogChanges = deps.keepLists === false ? undefined : listenForChanges(pool, CATALOG_CHANGES, log);
  const search = createSearchService({ search: createSearchRepository(db) });
  const imaging = imagingOf(config, db);
  const catalog = createCatalogService({
    catalog: createCatalogRepository(db),
    log,
    publicUrl: (key) => media.publicUrl(key),
    cache: createCatalogCache(catalogChanges, (hit) => metrics.cacheLookup("list", hit)),
    secret: config.authSecret,
    search,
    contentSigner: async () => (await imaging.signer.identity()).signer,
  });
  const receipts = createReceiptsService({ receipts: createReceiptsRepository(db), baseUrl: config.baseUrl });
  const licenseUrl = licenseUrlOf(config.baseUrl);
  const reports = createReportsService({ reports: createReportsRepository(db), secret: config.authSecret });
  const credentialsReader = createReaderPool({ threads: config.imaging.concurrency, timeoutMs: CREDENTIALS_READ_MS });
  const jobs = createJobQueue({ pool, log, queues: [UPLOAD_QUEUE], onOutcome: (queue, outcome) => metrics.job(queue, outcome) });
  const mediaRepository = createMediaRepository(db);
  const creatorPages = createCreatorPagesRepository(db);
  const files = createImageFiles({ media, repository: mediaRepository, licenseUrl, imaging });
  const downloads = createDownloadsService({ downloads: createDownloadsRepository(db), files: files.downloads, receipts });
  const imports = createImportService({ repository: createImportRepository(db), mediaRepository, files, media, log, imaging });
  const uploads = createUploadsService({
    repository: createUploadsRepository(db),
    creatorPages,
    imports,
    credentialsReader,
    media,
    queue: jobs,
    log,
    maxPixels: imaging.maxPixels,
    incomingDir: path.join(config.dataDir, "incoming"),
    importingDir: imaging.scratchDir,
  });
  return {
    config,
    log,
    media,
    imaging,
    credentialsReader,
    verify: createVerifyService({ readers: credentialsReader, signer: imaging.signer }),
    hiddenMedia: createHiddenMedia({ repository: mediaRepository, changes: catalogChanges }),
    auth,
    accounts: createAccountsService({ auth, repository: accountsRepository, passwordMinLength: config.passwordMinLength, googleEnabled: config.google !== undefined, log }),
    catalog,
    search,
    catalogChanges,
    likes: createLikesService({ likes: createLikesRepository(db), catalog }),
    downloads,
    receipts,
    reports,
    moderation: createModerationService({ reports, catalog }),
    accountAdmin: createAccountAdminService({ repository: createAccountAdminRepository(db) }),
    audit: createAuditService({ audit: createAuditRepository(db) }),
    insights: createInsightsService({ insights: createInsightsRepository(db), catalog }),
    collections: createCollectionsService({ collections: createCollectionsRepository(db), catalog, downloads }),
    imports,
    demo: createDemoCatalog({ imports, repository: createDemoRepository(db) }),
    jobs,
    uploads,
    imageEdits: createImageEditsService({
      edits: createImageEditsRepository(db),
      files,
      mediaRepository,
      media,
      uploads,
    }),
    avatars: createAvatarService({ creatorPages, files, mediaRepository, media, imaging }),
    metrics,
    readiness: createReadiness({ pool, media }),
    async close() {
      await jobs.stop();
      await catalogChanges?.close();
      await catalog.close();
      await credentialsReader.close();
    },
  };
}
