import { Router } from "express";
import { pipeline } from "node:stream/promises";
import { loginPath } from "#contracts/account";
import { collectionChange, collectionImageParams, collectionImagesQuery, collectionInput, collectionParams, collectionsQuery } from "#contracts/collections";
import type { Services } from "../../services.ts";
import { parse } from "../errors.ts";
import { requireViewer, viewerOf } from "../viewer.ts";
import { navigatedTo } from "./engagement.ts";

/** Collections (contracts/collections.ts), mounted on /api. */
export function collectionsRoutes(services: Services): Router {
  const router = Router();
  const { collections } = services;

  router.get("/collections", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { image } = parse(collectionsQuery, req.query);
    res.json(await collections.list(viewer, image));
  });

  router.post("/collections", async (req, res) => {
    const viewer = await requireViewer(req, services);
    res.status(201).json(await collections.create(viewer, parse(collectionInput, req.body ?? {})));
  });

  router.get("/collections/:id", async (req, res) => {
    const { id } = parse(collectionParams, req.params);
    const query = parse(collectionImagesQuery, req.query);
    res.json(await collections.get(await viewerOf(req, services), id, query));
  });

  router.patch("/collections/:id", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { id } = parse(collectionParams, req.params);
    res.json(await collections.change(viewer, id, parse(collectionChange, req.body ?? {})));
  });

  router.delete("/collections/:id", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { id } = parse(collectionParams, req.params);
    await collections.delete(viewer, id);
    res.status(204).end();
  });

  router.put("/collections/:id/images/:imageId", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { id, imageId } = parse(collectionImageParams, req.params);
    res.json(await collections.addImage(viewer, id, imageId));
  });

  router.delete("/collections/:id/images/:imageId", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { id, imageId } = parse(collectionImageParams, req.params);
    res.json(await collections.removeImage(viewer, id, imageId));
  });

  router.get("/collections/:id/download", async (req, res) => {
    const { id } = parse(collectionParams, req.params);
    if (!(await viewerOf(req, services)) && navigatedTo(req)) {
      // Sign in first, then back to the collection's page (API clients keep the JSON 401 below).
      return res.redirect(303, loginPath(await collections.path(null, id)));
    }
    const viewer = await requireViewer(req, services);
    const zip = await collections.download(viewer, id);
    res.setHeader("Content-Type", "application/zip");
    res.setHeader("Content-Disposition", zip.disposition);
    res.setHeader("X-Content-Type-Options", "nosniff");
    // A visitor who cancels the download closes the connection; the archive stops there.
    await pipeline(zip.stream, res).catch((error: unknown) => services.log.debug(`ZIP of collection ${id} ended early: ${String(error)}`));
  });

  return router;
}
