import { Router, type Response } from "express";
import { z } from "zod";
import { creatorNameParam, imageIdParam, imageListQuery, suggestionsQuery, type PopularSearches } from "#contracts/catalog";
import { clientNetwork } from "../../client-network.ts";
import type { Services } from "../../services.ts";
import { parse } from "../errors.ts";
import { sendJson } from "../json.ts";
import { viewerOf, visitorOf } from "../viewer.ts";
import { clientAddress } from "./account.ts";

const imageParams = z.object({ id: imageIdParam });
const creatorParams = z.object({ name: creatorNameParam });
const creatorQuery = imageListQuery.pick({ cursor: true, limit: true, orientation: true, color: true });

/** Answers that are the same for everyone may be kept briefly by the browser. */
function sharedFor(res: Response, seconds: number): Response {
  return res.setHeader("Cache-Control", `public, max-age=${seconds}`);
}

/** The catalog's read side (docs/api.md), mounted on /api. Lists carry the viewer's likes: never cached by the browser. */
export function catalogRoutes(services: Services): Router {
  const router = Router();
  const { catalog } = services;
  const viewerId = async (req: Parameters<typeof viewerOf>[0]) => (await viewerOf(req, services))?.id;

  router.get("/images", async (req, res) => {
    const query = parse(imageListQuery, req.query);
    sendJson(req, res, await catalog.list(query, await viewerId(req), visitorOf(req)));
  });

  router.get("/images/:id", async (req, res) => {
    const { id } = parse(imageParams, req.params);
    res.json(await catalog.get(id, await viewerId(req)));
  });

  router.post("/images/:id/views", async (req, res) => {
    const { id } = parse(imageParams, req.params);
    const viewer = await viewerId(req);
    res.json(await catalog.recordView(id, viewer ? `account:${viewer}` : `network:${clientNetwork(clientAddress(req))}`));
  });

  router.get("/tags/random", async (_req, res) => {
    res.json({ tags: await catalog.randomTags() });
  });

  router.get("/tags/suggestions", async (req, res) => {
    const { q } = parse(suggestionsQuery, req.query);
    sharedFor(res, 60).json({ tags: await catalog.suggest(q) });
  });

  router.get("/searches/popular", async (_req, res) => {
    const answer: PopularSearches = { searches: await catalog.popularSearches() };
    sharedFor(res, 60).json(answer);
  });

  router.get("/creators/:name", async (req, res) => {
    const { name } = parse(creatorParams, req.params);
    const query = parse(creatorQuery, req.query);
    res.json(await catalog.creator(name, query, await viewerId(req)));
  });

  // What a kept creator page asks for as it opens, to show the totals of the moment.
  router.get("/creators/:name/totals", async (req, res) => {
    const { name } = parse(creatorParams, req.params);
    res.json(await catalog.creatorTotals(name));
  });

  return router;
}
