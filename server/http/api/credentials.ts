import express, { Router } from "express";
import { AppError } from "../../errors.ts";
import type { Services } from "../../services.ts";

/**
 * POST /api/content-credentials/check (contracts/credentials.ts): the body is the file itself,
 * at most UPLOAD_MAX_MB (server/http/limits.ts); the answer is the verdict /verify shows.
 * Nothing of the file is kept.
 */
export function credentialsRoutes(services: Pick<Services, "verify" | "config">): Router {
  const router = Router();
  const fileBody = express.raw({ type: () => true, limit: services.config.uploadMaxBytes });
  router.post("/content-credentials/check", fileBody, async (req, res) => {
    // A JSON content type has been read as JSON by the API's parser: the file's bytes are gone.
    if (req.body === undefined) req.body = Buffer.alloc(0);
    if (!Buffer.isBuffer(req.body)) throw new AppError("UNSUPPORTED_MEDIA", "Send the file's bytes as application/octet-stream.");
    res.json(await services.verify.check(req.body));
  });
  return router;
}
