import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createFetchHandler } from "react-router";
import compression from "compression";
import express from "express";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { hasRole } from "#contracts/account";
import { galleryPageQuery } from "#contracts/catalog";
import { ROOT_CERTIFICATE_PATH } from "#contracts/credentials-paths";
import { AppError } from "../errors.ts";
import { cachedPages } from "./cached-pages.ts";
import { createPageCache, type PageCacheLimits } from "./page-cache.ts";
import type { Services } from "../services.ts";
import { authRoutes, clientIp } from "./api/account.ts";
import { catalogRoutes } from "./api/catalog.ts";
import { collectionsRoutes } from "./api/collections.ts";
import { credentialsRoutes } from "./api/credentials.ts";
import { apiOperations } from "../openapi/openapi-document.ts";
import { engagementRoutes } from "./api/engagement.ts";
import { openApiRoutes } from "./api/openapi.ts";
import { receiptsRoutes } from "./api/receipts.ts";
import { uploadsRoutes } from "./api/uploads.ts";
import { crossOriginReads } from "./cors.ts";
import { errorHandler, sendError } from "./errors.ts";
import { mediaRouter } from "./media.ts";
import { requestContext, type RequestContext } from "./context.ts";
import { viewerOf, visitorOf } from "./viewer.ts";
import { stylesheetInliner } from "./inline-stylesheets.ts";
import { scriptsAfterContent } from "./scripts-after-content.ts";
import { precompressedAssets } from "./precompressed-assets.ts";
import { apiReferenceRenderer } from "./api-reference-renderer.ts";
import { API_REFERENCE_RENDERER_PATH } from "#contracts/developers-paths";
import { bodyLimits, MAX_BODY_BYTES, urlLimit } from "./limits.ts";
import { wellFormedHost } from "./host.ts";
import { storableInput } from "./storable-input.ts";
import { undecodablePathAsWritten } from "./undecodable-path.ts";
import { sameOriginOnly } from "./origin.ts";
import { observeRequests } from "../observability/request-log.ts";
import { routeTemplates } from "../observability/route-template.ts";
import { servedMethodsOnly } from "./methods.ts";
import { privateWhenSignedIn } from "./private-answers.ts";
import { requestId } from "../observability/request-id.ts";
import { cspNonceOf, newNonce, pageCsp, pageSecurity, securityHeaders } from "./security-headers.ts";

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}

export interface HttpAppOptions {
  services: Services;
  /** The React Router server build, or a function that loads it (dev mode). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client, served as static files; absent in dev mode (Vite serves assets). */
  clientDir?: string;
  /** Vite's dev middleware, in dev mode. */
  devMiddleware?: express.RequestHandler;
}

/** Anonymous pages kept in memory (server/http/page-cache.ts): a home page is about 0.3 MB with its encodings. */
const PAGE_CACHE: PageCacheLimits = { bytes: 64 * 1024 * 1024, pages: 1000 };

/**
 * The JSON API, mounted on /api after Better Auth's /api/auth: thin handlers over services,
 * each one described in the OpenAPI document (server/openapi/).
 */
export function apiRouter(services: Services): express.Router {
  const api = express.Router();
  api.use(express.json({ limit: MAX_BODY_BYTES }));
  // Text PostgreSQL cannot store (NUL, a lone surrogate) is refused in any body field, nested
  // ones included, before any handler sees it (the query's was refused for every route, by
  // storableInput); path parameters are each operation's own schema's to refuse.
  api.use(storableInput("body"));
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(crossOriginReads(apiOperations.filter((o) => o.crossOrigin && o.method === "get").map((o) => o.path)));
  api.use(engagementRoutes(services));
  api.use(receiptsRoutes(services));
  api.use(collectionsRoutes(services));
  api.use(uploadsRoutes(services));
  api.use(credentialsRoutes(services));
  api.use(catalogRoutes(services));
  api.use(openApiRoutes(services));
  api.use((_req, res) => sendError(res, new AppError("NOT_FOUND", "No such API endpoint")));
  api.use(errorHandler(services.log));
  return api;
}

/**
 * The HTTP surface, in the order a request meets it: a request id, security headers,
 * limits, health, the Host check, pages kept for anonymous visitors, compression, media, the
 * JSON API (thin handlers over services), static assets, then React Router for pages; last,
 * one error handler for whatever was thrown.
 */
export function createHttpApp({ services, build, clientDir, devMiddleware }: HttpAppOptions): express.Express {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const headers = securityHeaders(config);
  app.use(requestId, observeRequests(routeTemplates(build), (line) => {
      log.request(line);
      services.metrics.request(line);
    }), headers.everywhere);
  // Before anything can answer an API request (a refusal of its size or method, an OPTIONS a
  // router answers by itself): every API answer to someone signed in is private, never stored.
  app.use("/api", privateWhenSignedIn);
  app.use(servedMethodsOnly, urlLimit, bodyLimits(apiOperations.filter((o) => o.file), config.uploadMaxBytes));
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const readiness = await services.readiness.check();
    res.setHeader("Cache-Control", "no-store");
    res.status(readiness.ready ? 200 : 503).json(readiness.ready ? { status: "ready" } : { status: "unavailable", reason: readiness.reason });
  });
  app.use(wellFormedHost, storableInput("query"));
  // The root certificate the site's Content Credentials chain up to: a reader given it as its trust anchor says "Trusted".
  app.get(ROOT_CERTIFICATE_PATH, async (_req, res) => {
    const { rootPem } = await services.imaging.signer.identity();
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("application/x-pem-file").send(rootPem);
  });
  // Its methods, for a client that asks (React Router, behind, would refuse OPTIONS with a page).
  app.options(ROOT_CERTIFICATE_PATH, (_req, res) => void res.set("Allow", "GET, HEAD, OPTIONS").status(204).end());

  // Vite serves the styles in dev mode, as modules it can replace in place (and its own
  // inline scripts, without a nonce: pages get their CSP in production only).
  const inlineStylesheets = clientDir ? stylesheetInliner(clientDir) : undefined;
  const finishPage = (html: string, nonce?: string) => (inlineStylesheets ? scriptsAfterContent(inlineStylesheets(html, nonce)) : html);
  const mode = devMiddleware ? "development" : "production";
  // Built pages only: in dev mode every render must show the code as it is now.
  if (!devMiddleware) {
    const render = createFetchHandler(build, mode);
    const origin = config.baseUrl;
    app.use(
      cachedPages(createPageCache(services.catalogChanges, PAGE_CACHE, services.log, (hit) => services.metrics.cacheLookup("page", hit)), async (path, req) => {
        // Rendered for the anonymous visitor who asked first, for every one after: the kept
        // page's policy names its inline scripts' hashes instead of this nonce (page-cache.ts).
        // Anonymous by construction (no cookie, no viewer), whatever the Cookie header held: a
        // spelling of the session cookie that escaped hasSessionCookie still cannot be kept.
        const nonce = newNonce();
        const context = { ...requestContext(services, req, { nonce, finishPage }), viewer: () => Promise.resolve(null) };
        const response = await render(new Request(origin + path), context);
        const headers = new Headers(response.headers);
        headers.set("content-security-policy", pageCsp(config, { nonce }));
        return { status: response.status, headers, html: await response.text() };
      }, (params, req) => {
        const query = galleryPageQuery.safeParse(Object.fromEntries(params));
        if (!query.success) return;
        services.catalog.recordSearch(query.data, visitorOf(req)).catch((error: unknown) => services.log.error("Could not log a search", error));
      }),
    );
  }
  app.use(compression());

  app.use(
    "/media",
    headers.media,
    mediaRouter(services.media, services.hiddenMedia, async (req) => hasRole(await viewerOf(req, services), "admin")),
  );

  app.use(clientIp);
  app.use(sameOriginOnly(config.baseUrl));
  app.use("/api/auth", authRoutes(services));

  app.use("/api", apiRouter(services));

  app.use(API_REFERENCE_RENDERER_PATH, apiReferenceRenderer());
  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // A missing hashed asset (an old build's) is a plain 404, not a page.
    app.use("/assets", (_req, res) => void res.status(404).end());
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  // (No path pattern: React Router reads the URL itself, so Express decodes no parameter of it.)
  app.use(
    undecodablePathAsWritten,
    privateWhenSignedIn,
    devMiddleware ? [] : pageSecurity(config),
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) => requestContext(services, req, { nonce: cspNonceOf(res), finishPage }),
    }),
  );
  app.use(errorHandler(log));
  return app;
}
