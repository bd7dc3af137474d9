import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import { authRoutes, clientIp } from "./api/account.ts";
import { catalogRoutes } from "./api/catalog.ts";
import { engagementRoutes } from "./api/engagement.ts";
import { receiptsRoutes } from "./api/receipts.ts";
import { errorHandler, sendError } from "./errors.ts";
import { mediaRouter } from "./media.ts";
import { requestContext, type RequestContext } from "./context.ts";
import { stylesheetInliner } from "./inline-stylesheets.ts";
import { bodyLimit, MAX_BODY_BYTES, urlLimit } from "./limits.ts";
import { wellFormedHost } from "./host.ts";
import { sameOriginOnly } from "./origin.ts";
import { requestId } from "./request-id.ts";
import { cspNonceOf, pageSecurity, securityHeaders } from "./security-headers.ts";

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
 * The HTTP surface, in the order a request meets it: a request id, security headers,
 * limits, compression, health, media, the JSON API (thin handlers over services), static
 * assets, then React Router for pages; last, one error handler for whatever was thrown.
 */
export function createHttpApp({ services, build, clientDir, devMiddleware }: HttpAppOptions): express.Express {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const headers = securityHeaders(config);
  app.use(requestId, headers.everywhere, urlLimit, bodyLimit(MAX_BODY_BYTES));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.use("/media", headers.media, mediaRouter(services.media, services.hiddenMedia));

  app.use(wellFormedHost);
  app.use(clientIp);
  app.use(sameOriginOnly(config.baseUrl));
  app.use("/api/auth", authRoutes(services));

  const api = express.Router();
  api.use(express.json({ limit: MAX_BODY_BYTES }));
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(engagementRoutes(services));
  api.use(receiptsRoutes(services));
  api.use(catalogRoutes(services));
  api.use((_req, res) => sendError(res, new AppError("NOT_FOUND", "No such API endpoint")));
  api.use(errorHandler(log));
  app.use("/api", api);

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // A missing hashed asset (an old build's) is a plain 404, not a page.
    app.use("/assets", (_req, res) => void res.status(404).end());
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  // Vite serves the styles in dev mode, as modules it can replace in place (and its own
  // inline scripts, without a nonce: pages get their CSP in production only).
  const finishPage = clientDir ? stylesheetInliner(clientDir) : (html: string) => html;
  // (No path pattern: React Router reads the URL itself, so Express decodes no parameter of it.)
  app.use(
    devMiddleware ? [] : pageSecurity(config),
    createRequestHandler({
      build,
      mode: devMiddleware ? "development" : "production",
      getLoadContext: (req, res) => requestContext(services, req, { nonce: cspNonceOf(res), finishPage }),
    }),
  );
  app.use(errorHandler(log));
  return app;
}
