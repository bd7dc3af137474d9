import type { Request, RequestHandler } from "express";
import { toNodeHandler } from "better-auth/node";
import { CLIENT_IP_HEADER } from "../../auth/auth.ts";
import type { Services } from "../../services.ts";

/** The client's address, as Express resolves it under the TRUST_PROXY setting. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * Passes the client's address to Better Auth and to page actions, replacing whatever a
 * client sent under that name.
 */
export const clientIp: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = clientAddress(req);
  next();
};

/**
 * Better Auth's endpoints at /api/auth/*: the Google (OpenID Connect) callback, and the
 * JSON endpoints behind the account pages. Mounted before any body parser: it reads the
 * body itself.
 */
export function authRoutes(services: Pick<Services, "auth">): RequestHandler {
  return toNodeHandler(services.auth);
}
