import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import { authRoutes, clientIp } from "./api/account.ts";
import { catalogRoutes } from "./api/catalog.ts";
import { apiOperations } from "../openapi/openapi-document.ts";
import { engagementRoutes } from "./api/engagement.ts";
import { openApiRoutes } from "./api/openapi.ts";
import { receiptsRoutes } from "./api/receipts.ts";
import { crossOriginReads } from "./cors.ts";
import { apiErrorHandler, sendError } from "./errors.ts";
import { mediaRouter } from "./media.ts";
import { requestContext, type RequestContext } from "./context.ts";
import { stylesheetInliner } from "./inline-stylesheets.ts";
import { sameOriginOnly } from "./origin.ts";

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

/**
 * The JSON API, mounted on /api after Better Auth's /api/auth: thin handlers over services,
 * each one described in the OpenAPI document (server/openapi/).
 */
export function apiRouter(services: Services): express.Router {
  const api = express.Router();
  api.use(express.json({ limit: "64kb" }));
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(crossOriginReads(apiOperations.filter((o) => o.crossOrigin && o.method === "get").map((o) => o.path)));
  api.use(engagementRoutes(services));
  api.use(receiptsRoutes(services));
  api.use(catalogRoutes(services));
  api.use(openApiRoutes(services));
  api.use((_req, res) => sendError(res, new AppError("NOT_FOUND", "No such API endpoint")));
  api.use(apiErrorHandler(services.log));
  return api;
}

/**
 * The HTTP surface, in the order a request meets it: compression, health, media, the
 * JSON API (thin handlers over services), static assets, then React Router for pages.
 */
export function createHttpApp({ services, build, clientDir, devMiddleware }: HttpAppOptions): express.Express {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.use("/media", mediaRouter(services.media));

  app.use(clientIp);
  app.use(sameOriginOnly(config.baseUrl));
  app.all("/api/auth/{*any}", authRoutes(services));

  app.use("/api", apiRouter(services));

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // A missing hashed asset (an old build's) is a plain 404, not a page.
    app.use("/assets", (_req, res) => void res.status(404).end());
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  // Vite serves the styles in dev mode, as modules it can replace in place.
  const finishPage = clientDir ? stylesheetInliner(clientDir) : (html: string) => html;
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: devMiddleware ? "development" : "production",
      getLoadContext: (req) => requestContext(services, req, finishPage),
    }),
  );
  return app;
}
