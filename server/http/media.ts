import express, { type Request } from "express";
import { pipeline } from "node:stream/promises";
import { AppError } from "../errors.ts";
import { hashOfKey, isMediaKey, MEDIA_CACHE_CONTROL } from "../media/keys.ts";
import type { HiddenMedia } from "../media/hidden-media.ts";
import type { MediaStorage } from "../media/storage.ts";
import { errorBody, sendError, toAppError } from "./errors.ts";

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`: the range, "unsatisfiable", or null to send it all. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null; // absent, multi-range or malformed: whole file
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
    if (Number(match[2]) === 0) return "unsatisfiable";
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Kinds of objects served here: variants and avatars. Kept originals (`o/`, unlabelled) and downloads (`d/`) leave only through the download API, which counts them. */
const SERVED_KINDS = new Set(["v", "a"]);

/**
 * GET/HEAD /media/{key}: content-addressed files, cacheable forever, with a strong ETag (the
 * bytes' sha256) and single byte ranges. Keys are checked against a strict pattern, so no
 * request can name a file outside the store. The files of an image moderation hid answer 404
 * while it is hidden (a CDN in front keeps its copies until the operator purges them), except
 * to admins (`seesHidden`), who must see what they restore: for them, never stored by a cache.
 */
export function mediaRouter(storage: MediaStorage, hidden: HiddenMedia, seesHidden: (req: Request) => Promise<boolean>): express.Router {
  const router = express.Router();
  router.get("/{*key}", async (req, res) => {
    try {
      const key = (req.params as { key?: string[] }).key?.join("/") ?? "";
      const hash = isMediaKey(key) && SERVED_KINDS.has(key[0]!) ? hashOfKey(key) : undefined;
      const refused = hash !== undefined && (await hidden.isHidden(key));
      const info = hash && (!refused || (await seesHidden(req))) ? await storage.stat(key) : null;
      if (!hash || !info) return sendError(res, new AppError("NOT_FOUND", "No such media file"));
      const etag = `"${hash}"`;
      res.setHeader("Cache-Control", refused ? "private, no-store" : MEDIA_CACHE_CONTROL);
      res.setHeader("ETag", etag);
      res.setHeader("Accept-Ranges", "bytes");
      res.setHeader("Content-Type", info.contentType);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (etagMatches(req.get("if-none-match"), etag)) return void res.status(304).end();

      const ifRange = req.get("if-range");
      const range = ifRange === undefined || ifRange === etag ? parseRange(req.get("range"), info.size) : null;
      if (range === "unsatisfiable") {
        res.setHeader("Content-Range", `bytes */${info.size}`);
        return void res.status(416).json(errorBody(new AppError("BAD_REQUEST", "Range not satisfiable")));
      }
      if (range) {
        res.status(206);
        res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
      }
      res.setHeader("Content-Length", String(range ? range.end - range.start + 1 : info.size));
      if (req.method === "HEAD") return void res.end();
      const file = await storage.read(key, range ?? undefined);
      if (!file) return sendError(res, new AppError("NOT_FOUND", "No such media file"));
      await pipeline(file.stream, res);
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      sendError(res, toAppError(error));
    }
  });
  return router;
}
