import type { Viewer } from "#contracts/account";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { Logger } from "./logger.ts";
import { createMediaStorage, type MediaStorage } from "./media/storage.ts";

/**
 * The composition root: every service, built once per process from its repositories and
 * peers. HTTP handlers and React Router loaders receive this object; nothing else
 * constructs services.
 */
export interface Services {
  config: Config;
  log: Logger;
  /** Image files (originals, variants, avatars); URLs via media.publicUrl(key). */
  media: MediaStorage;
  /** Who is signed in, from a request's headers (cookies). Replaced by the accounts service. */
  sessions: { viewer(headers: Headers): Promise<Viewer | null> };
}

export function createServices(deps: { config: Config; db: Db; log: Logger }): Services {
  const { config, log } = deps;
  return { config, log, media: createMediaStorage(config), sessions: { viewer: async () => null } };
}
