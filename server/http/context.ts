import type { Request } from "express";
import type { PublicSettings, Viewer } from "#contracts/account";
import type { Services } from "../services.ts";
import { viewerOf, visitorOf } from "./viewer.ts";

/** What every React Router loader and action receives as `context`. */
export type RequestContext = {
  services: Services;
  settings: PublicSettings;
  /** The signed-in person, looked up once per request on first use. */
  viewer(): Promise<Viewer | null>;
  /** The address and browser asking (server/http/viewer.ts visitorOf), to count distinct searchers. */
  visitor: string;
  /** What a rendered page goes through before it is sent (app/entry.server.tsx). */
  finishPage(html: string): string;
};

export function publicSettings(services: Services): PublicSettings {
  const { config } = services;
  return {
    baseUrl: config.baseUrl,
    socialUrl: config.socialUrl,
    googleEnabled: config.google !== undefined,
    passwordMinLength: config.passwordMinLength,
  };
}

export function requestContext(services: Services, req: Request, finishPage: (html: string) => string): RequestContext {
  return {
    services,
    settings: publicSettings(services),
    viewer: () => viewerOf(req, services),
    visitor: visitorOf(req),
    finishPage,
  };
}
