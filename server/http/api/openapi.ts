import { Router } from "express";
import { openApiDocument } from "../../openapi/openapi-document.ts";
import type { Services } from "../../services.ts";

/** GET /api/openapi.json: the API's OpenAPI 3.1 document, generated once per process. */
export function openApiRoutes(services: Pick<Services, "config">): Router {
  const router = Router();
  const body = JSON.stringify(openApiDocument(services.config.baseUrl));
  router.get("/openapi.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("application/json").send(body);
  });
  return router;
}
