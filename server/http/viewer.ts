import type { Request } from "express";
import type { Viewer } from "#contracts/account";
import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import { webHeaders } from "./web-request.ts";

const cache = new WeakMap<Request, Promise<Viewer | null>>();

/** The signed-in person behind a request, looked up once per request. */
export function viewerOf(req: Request, services: Services): Promise<Viewer | null> {
  let viewer = cache.get(req);
  if (!viewer) {
    // Sessions live in cookies: a request without any has no one signed in.
    viewer = req.headers.cookie ? services.accounts.viewer(webHeaders(req)) : Promise.resolve(null);
    cache.set(req, viewer);
  }
  return viewer;
}

/**
 * Who is asking, as far as counting distinct visitors goes: the address and the browser.
 * Never stored as is (the catalog service keeps a keyed hash of it, changing daily).
 */
export function visitorOf(req: Request): string {
  return `${req.ip ?? req.socket.remoteAddress ?? ""} ${req.get("user-agent") ?? ""}`;
}

/** The signed-in person, or a 401 UNAUTHENTICATED. */
export async function requireViewer(req: Request, services: Services): Promise<Viewer> {
  const viewer = await viewerOf(req, services);
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Please sign in to continue");
  return viewer;
}
