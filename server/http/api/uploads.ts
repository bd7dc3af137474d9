import { Router } from "express";
import { UPLOAD_FIELDS_HEADER, uploadInput } from "#contracts/studio";
import { requireRole } from "../../access/permissions.ts";
import { AppError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { parse } from "../errors.ts";
import { viewerOf } from "../viewer.ts";

/** The fields sent beside a file: URI-encoded JSON in one header, since the body is the file itself. */
function fieldsOf(header: string | string[] | undefined): unknown {
  try {
    return typeof header === "string" ? JSON.parse(decodeURIComponent(header)) : {};
  } catch {
    throw new AppError("BAD_REQUEST", `The ${UPLOAD_FIELDS_HEADER} header must be URI-encoded JSON`);
  }
}

/** Uploads and avatars (contracts/studio.ts), mounted on /api; their body limit is UPLOAD_MAX_MB, as their operations' `file` (server/openapi/openapi-document.ts) says. */
export function uploadsRoutes(services: Services): Router {
  const router = Router();

  router.post("/uploads", async (req, res) => {
    // Who first: a refused sender learns nothing about the fields.
    const viewer = requireRole(await viewerOf(req, services), "creator");
    const input = parse(uploadInput, fieldsOf(req.headers[UPLOAD_FIELDS_HEADER]));
    res.status(202).json(await services.uploads.accept(viewer, input, req));
  });

  router.get("/uploads", async (req, res) => {
    res.json({ uploads: await services.uploads.recent(await viewerOf(req, services)) });
  });

  router.put("/me/avatar", async (req, res) => {
    res.json({ avatarUrl: await services.avatars.set(await viewerOf(req, services), req) });
  });

  return router;
}
