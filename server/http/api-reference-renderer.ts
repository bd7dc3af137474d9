import { createRequire } from "node:module";
import path from "node:path";
import express, { type RequestHandler } from "express";

/**
 * At API_REFERENCE_RENDERER_PATH (contracts/developers-paths.ts): Scalar's own browser build of its API reference, as its package ships it (an ES module and
 * its hashed chunks, minified), sent from node_modules rather than bundled by Vite: bundling it
 * took 31 s of the client build's 47 s of CPU, on the first `npm start` of every new checkout
 * (decision 040). Its chunks carry hashes in their names; the entry does not, so a day's cache.
 */
export function apiReferenceRenderer(): RequestHandler {
  const dist = path.dirname(createRequire(import.meta.url).resolve("@scalar/api-reference"));
  return express.static(path.join(dist, "browser"), { maxAge: "1d", index: false, extensions: false });
}
