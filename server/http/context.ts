import type { Request } from "express";
import type { PublicSettings, Viewer } from "#contracts/account";
import type { Logger } from "../logger.ts";
import type { CatalogService } from "../catalog/catalog-service.ts";
import type { DemoCatalog } from "../catalog/demo/demo-catalog.ts";
import type { Services } from "../services.ts";
import { requestIdOf } from "../observability/request-id.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { databaseUnavailable, errorPage } from "./errors.ts";
import { viewerOf, visitorOf } from "./viewer.ts";

/** The services a page may call, and what each may reach through them. */
const pageServiceNames = ["accounts", "search", "likes", "receipts", "collections", "moderation", "accountAdmin", "audit", "insights", "imageEdits", "avatars"] as const;

/**
 * What loaders and actions may call: no configuration (its secrets), storage, Better Auth or
 * job internals, and no catalog read of hidden images (admins read those through the
 * moderation service, which checks the role). Log through the context's `log`.
 */
export type PageServices = Pick<Services, (typeof pageServiceNames)[number]> & {
  catalog: Omit<CatalogService, "anyStatus" | "anyStatusByIds" | "close">;
  /** Only whether the demo catalog is being generated (the gallery says so). */
  demo: Pick<DemoCatalog, "seeding">;
};

function pageServices(services: Services): PageServices {
  const { anyStatus: _anyStatus, anyStatusByIds: _anyStatusByIds, close: _close, ...catalog } = services.catalog;
  const demo = {
    get seeding() {
      return services.demo.seeding;
    },
  };
  return { ...(Object.fromEntries(pageServiceNames.map((name) => [name, services[name]])) as Pick<Services, (typeof pageServiceNames)[number]>), catalog, demo };
}

/** What every React Router loader and action receives as `context`. */
export type RequestContext = {
  services: PageServices;
  settings: PublicSettings;
  /** The signed-in person, looked up once per request on first use. */
  viewer(): Promise<Viewer | null>;
  /** The request's id (X-Request-Id), for the log line of anything that fails. */
  requestId: string;
  /** The server's logger (LOG_LEVEL applies): what loaders and actions log goes here, never to the console. */
  log: Logger;
  /** This response's CSP nonce, for every inline script and style of the page (absent in dev mode). */
  cspNonce: string | undefined;
  /** The address and browser asking (server/http/viewer.ts visitorOf), to count distinct searchers. */
  visitor: string;
  /** What a rendered page goes through before it is sent (app/entry.server.tsx). */
  finishPage(html: string): string;
  /**
   * Failures for want of PostgreSQL (app/entry.server.tsx): `note` is told of each failure
   * and says whether it was one; `page` is then the answer instead of the page, the plain
   * error page (503, Retry-After).
   */
  outage: { note(error: unknown): boolean; page(): Response | undefined };
};

export function publicSettings(services: Services): PublicSettings {
  const { config } = services;
  return {
    baseUrl: config.baseUrl,
    socialUrl: config.socialUrl,
    googleEnabled: config.google !== undefined,
    passwordMinLength: config.passwordMinLength,
    uploadMaxBytes: config.uploadMaxBytes,
    uploadMaxPixels: config.imaging.maxPixels,
  };
}

export function requestContext(
  services: Services,
  req: Request,
  page: { nonce: string | undefined; finishPage: (html: string, nonce: string | undefined) => string },
): RequestContext {
  return {
    services: pageServices(services),
    settings: publicSettings(services),
    viewer: () => viewerOf(req, services),
    requestId: requestIdOf(req),
    log: services.log,
    cspNonce: page.nonce,
    visitor: visitorOf(req),
    finishPage: (html) => page.finishPage(html, page.nonce),
    outage: databaseOutage(requestIdOf(req)),
  };
}

/** A request's record of failures for want of PostgreSQL, and the plain 503 page they make it answer. */
function databaseOutage(requestId: string): RequestContext["outage"] {
  let noted = false;
  return {
    note(error) {
      noted ||= isDatabaseUnavailable(error);
      return isDatabaseUnavailable(error);
    },
    page() {
      if (!noted) return undefined;
      const page = errorPage(databaseUnavailable(), requestId);
      page.headers.set("Cache-Control", "no-store");
      return new Response(page.html, { status: page.status, headers: page.headers });
    },
  };
}
