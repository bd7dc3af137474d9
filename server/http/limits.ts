import { Router, type RequestHandler } from "express";
import { AppError } from "../errors.ts";
import type { ApiOperation } from "../openapi/openapi-document.ts";
import { sendErrorFor } from "./errors.ts";

/**
 * Limits a request meets before any work is done for it (decision 011): the app refuses long
 * URLs (414) and large bodies (413) before reading them whole. (Node itself refuses an over-long
 * header block and slow senders: server/http/http-server.ts.)
 */

/** Largest request body: page forms, Better Auth and the JSON API all send a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;
/**
 * bodyLimit(MAX_BODY_BYTES) for every request but those to `fileRoutes` (the API operations whose
 * body is a file, as server/openapi/openapi-document.ts declares them: an upload, an avatar, a file to check on /verify), whose
 * limit is `uploadMaxBytes` (UPLOAD_MAX_MB). Matched as the API's router matches them, before
 * anything reads a body.
 */
export function bodyLimits(fileRoutes: Array<Pick<ApiOperation, "method" | "path">>, uploadMaxBytes: number): Router {
  const file = bodyLimit(uploadMaxBytes, "The file");
  const limits = Router();
  for (const { method, path } of fileRoutes) limits[method](`/api${path}`, (req, res, next) => file(req, res, () => next("router")));
  limits.use(bodyLimit(MAX_BODY_BYTES));
  return limits;
}

/** Longest path + query string. */
export const MAX_URL_LENGTH = 4096;
/** 414 for a URL over MAX_URL_LENGTH characters (the JSON error shape under /api). */
export const urlLimit: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length <= MAX_URL_LENGTH) return next();
  sendErrorFor(req, res, new AppError("URI_TOO_LONG", `The URL is too long (at most ${MAX_URL_LENGTH} characters)`));
};

/** 64 KB, 50 MB. */
const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

/**
 * Refuses a body over `maxBytes` with 413 before it is read whole, whoever reads it later
 * (React Router, Better Auth, express.json): a declared Content-Length over the limit is
 * refused at once; a chunked body is counted as it arrives and cut off at the limit.
 */
export function bodyLimit(maxBytes = MAX_BODY_BYTES, what = "Request body"): RequestHandler {
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `${what} is too large (at most ${sizeOf(maxBytes)})`);
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    const refuse = () => {
      res.setHeader("Connection", "close");
      sendErrorFor(req, res, tooLarge());
    };
    if (declared !== undefined) {
      // Node's parser holds the body to Content-Length, so the declared size is the size.
      if (Number(declared) > maxBytes) return refuse();
      return next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();
    let received = 0;
    let refused = false;
    const push = req.push.bind(req);
    // Node's HTTP parser hands each piece of the body to `push`; past the limit nothing more is kept.
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk !== null && chunk !== undefined) received += (chunk as Buffer).length;
      if (received <= maxBytes) return push(chunk, encoding);
      refused = true;
      if (res.headersSent) req.destroy();
      else refuse();
      return false;
    };
    next();
  };
}
