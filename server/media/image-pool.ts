import path from "node:path";
import type { Config } from "../config.ts";
import { createContentSigner, type ContentSigner } from "../credentials/signer.ts";
import { loadSigningIdentity, SITE_NAME } from "../credentials/signing-identity.ts";
import { createSigningIdentityRepository } from "../credentials/signing-identity-repository.ts";
import type { Db } from "../db/database.ts";

/**
 * The one bounded pool every piece of image work runs in (decoding, resizing, encoding, signing:
 * imports, uploads, downloads made for images imported before they were stored, ZIPs): at most
 * `concurrency` at a time in this process (IMAGE_CONCURRENCY, default the core count), the others
 * waiting their turn in order, so that memory stays bounded however many requests ask at once.
 */
interface ImagePool {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createImagePool(concurrency: number): ImagePool {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        // The slot passes to the next waiting task as it is, or is given back.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

/**
 * What all image work shares: the pool it runs in, the largest picture it takes
 * (UPLOAD_MAX_PIXELS), the folder of its work files (media/local-files.ts), and the site's
 * Content Credentials signer.
 */
export interface Imaging {
  pool: ImagePool;
  maxPixels: number;
  scratchDir: string;
  signer: ContentSigner;
}

/**
 * The image work of a process, as configured (IMAGE_CONCURRENCY, UPLOAD_MAX_PIXELS), its work
 * files under DATA_DIR/importing, signing with the identity kept in `db`.
 */
export function imagingOf(config: Pick<Config, "imaging" | "authSecret" | "dataDir">, db: Db): Imaging {
  return {
    pool: createImagePool(config.imaging.concurrency),
    maxPixels: config.imaging.maxPixels,
    scratchDir: path.join(config.dataDir, "importing"),
    signer: createContentSigner(() => loadSigningIdentity({ repository: createSigningIdentityRepository(db), secret: config.authSecret, siteName: SITE_NAME, operator: config.imaging.signingIdentity })),
  };
}
