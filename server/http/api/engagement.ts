import { Router, type Request } from "express";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { loginPath } from "#contracts/account";
import { imageIdParam } from "#contracts/catalog";
import { downloadReturnPath } from "#contracts/download-paths";
import { DOWNLOADED_COOKIE_SECONDS, downloadedCookie } from "#contracts/download-cookie";
import { downloadQuery, likedImagesQuery, reportInput } from "#contracts/engagement";
import { clientNetwork } from "../../client-network.ts";
import type { Services } from "../../services.ts";
import { parse } from "../errors.ts";
import { requireViewer, viewerOf } from "../viewer.ts";
import { clientAddress } from "./account.ts";

const imageParams = z.object({ id: imageIdParam });

/** A browser opening the URL as a page (a middle click, a new tab, no JavaScript), not a script or API client. */
export function navigatedTo(req: Request): boolean {
  return req.accepts(["json", "html"]) === "html";
}

/** Likes, downloads and reports (contracts/engagement.ts), mounted on /api. */
export function engagementRoutes(services: Services): Router {
  const router = Router();

  router.put("/images/:id/like", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { id } = parse(imageParams, req.params);
    res.json(await services.likes.like(viewer, id));
  });

  router.delete("/images/:id/like", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { id } = parse(imageParams, req.params);
    res.json(await services.likes.unlike(viewer, id));
  });

  router.get("/me/likes", async (req, res) => {
    const viewer = await requireViewer(req, services);
    res.json(await services.likes.likedImages(viewer, parse(likedImagesQuery, req.query)));
  });

  // A HEAD asks about the file without downloading it: same answers, nothing counted.
  router.head("/images/:id/download", async (req, res) => {
    await requireViewer(req, services);
    const { id } = parse(imageParams, req.params);
    parse(downloadQuery, req.query);
    const disposition = await services.downloads.disposition(id);
    res.setHeader("Content-Type", "image/jpeg");
    res.setHeader("Content-Disposition", disposition);
    res.end();
  });

  router.get("/images/:id/download", async (req, res) => {
    if (!(await viewerOf(req, services)) && navigatedTo(req)) {
      // Sign in first, then back to the image's page, which starts the download (API clients keep the JSON 401 below).
      const { id } = parse(imageParams, req.params);
      const { size } = parse(downloadQuery, req.query);
      return res.redirect(303, loginPath(downloadReturnPath(await services.downloads.imagePage(id), size)));
    }
    const viewer = await requireViewer(req, services);
    const { id } = parse(imageParams, req.params);
    const { size } = parse(downloadQuery, req.query);
    const file = await services.downloads.download(viewer, id, size);
    res.setHeader("Content-Type", "image/jpeg");
    res.setHeader("Content-Length", String(file.size));
    res.setHeader("Content-Disposition", file.disposition);
    res.setHeader("X-Content-Type-Options", "nosniff");
    // The page reads the new count from here: it cannot read a download's answer.
    res.cookie(downloadedCookie(id), String(file.downloads), {
      maxAge: DOWNLOADED_COOKIE_SECONDS * 1000,
      path: "/",
      sameSite: "lax",
      secure: services.config.baseUrl.startsWith("https:"),
    });
    // A visitor who cancels the download closes the connection; nothing to answer then.
    await pipeline(file.stream, res).catch((error: unknown) => services.log.debug(`Download of image ${id} ended early: ${String(error)}`));
  });

  router.post("/images/:id/reports", async (req, res) => {
    const { id } = parse(imageParams, req.params);
    const input = parse(reportInput, req.body ?? {});
    const viewer = await viewerOf(req, services);
    await services.reports.report(viewer, clientNetwork(clientAddress(req)), id, input);
    res.status(201).json({ ok: true });
  });

  return router;
}
