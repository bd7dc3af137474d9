import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** Encodings the build writes beside each asset (vite.config.ts, `precompressed`), best first. */
const encodings = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

/**
 * Sends a hashed asset of the client build in the best encoding the request accepts, from the
 * file the build compressed once (brotli 11, gzip 9), rather than compressing it again for each
 * request (decision 040). An asset without such files, or a request that accepts neither, goes
 * on to express.static and the compression middleware as before. The folder is read once: a
 * build's hashed assets do not change under a running server.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(readdirSync(dir));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Only a file of the folder itself has a name in `files`: no other path can get past here.
    const name = req.path.slice(1);
    const made = encodings.filter(([, suffix]) => files.has(name + suffix));
    if (!made.length) return next();
    res.vary("Accept-Encoding");
    const chosen = made.find(([encoding]) => req.acceptsEncodings(encoding) === encoding);
    if (!chosen) return next();
    const [encoding, suffix] = chosen;
    // Set first: `send` keeps a Content-Type it finds, instead of reading one from ".br".
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(name + suffix, { root: dir, immutable: true, maxAge: "1y" }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
