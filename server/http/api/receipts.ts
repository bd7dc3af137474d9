import { Router } from "express";
import { z } from "zod";
import { receiptIdParam, receiptsQuery } from "#contracts/receipts";
import type { Services } from "../../services.ts";
import { parse } from "../errors.ts";
import { requireViewer } from "../viewer.ts";

const receiptParams = z.object({ id: receiptIdParam });

/** The viewer's license receipts (contracts/receipts.ts), mounted on /api. */
export function receiptsRoutes(services: Services): Router {
  const router = Router();

  router.get("/me/receipts", async (req, res) => {
    const viewer = await requireViewer(req, services);
    res.json(await services.receipts.list(viewer, parse(receiptsQuery, req.query)));
  });

  router.get("/me/receipts/:id", async (req, res) => {
    const viewer = await requireViewer(req, services);
    const { id } = parse(receiptParams, req.params);
    res.json(await services.receipts.get(viewer, id));
  });

  return router;
}
