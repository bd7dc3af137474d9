import { Validator } from "@seriousme/openapi-schema-validator";
import type { Router } from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { creatorPage, imageDetail, imagePage, tagList, type ImageDetail } from "#contracts/catalog";
import type { z } from "zod";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../engagement/test-fixtures.ts";
import { apiRouter } from "../http/app.ts";
import { startTestApp, TEST_BASE_URL } from "../http/test-app.ts";
import { openApiPath } from "./openapi-document.ts";

/**
 * GET /api/openapi.json is a valid OpenAPI 3.1 document that describes every route the server
 * mounts under /api (Better Auth's /api/auth/* excepted, by decision 018), and the answers the
 * server really gives match the schemas it states.
 */

const database = await testDatabase();
const { services, call } = await startTestApp(database);

interface OpenApi {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
}

let document: OpenApi;
let image: ImageDetail;
beforeAll(async () => {
  const res = await call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  document = (await res.json()) as OpenApi;
  const id = await addImage(database.db, services.media, "Quiet Harbour");
  image = (await (await call("GET", `/api/images/${id}`)).json()) as ImageDetail;
});

/** Every route of an Express router and the routers it mounts, as `METHOD /path`. */
function routesOf(router: Router, prefix: string): string[] {
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle: { stack?: Layer[] } };
  return (router.stack as Layer[]).flatMap((layer) => {
    if (layer.route) {
      const paths = [layer.route.path].flat();
      return Object.keys(layer.route.methods).flatMap((method) => paths.map((path) => `${method.toUpperCase()} ${prefix}${path}`));
    }
    return layer.handle.stack ? routesOf(layer.handle as Router, prefix) : [];
  });
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document for this site", async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(document.servers).toEqual([{ url: TEST_BASE_URL }]);
    // Every reference points at a schema the document has.
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) expect(Object.keys(document.components.schemas).map((id) => `#/components/schemas/${id}`)).toContain(ref);
  });

  it("describes every route mounted under /api, and no route that is not", () => {
    // CORS preflights (OPTIONS) are not operations of their own.
    const mounted = new Set(routesOf(apiRouter(services), "/api").filter((route) => !route.startsWith("OPTIONS ")));
    const described = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    expect(mounted.size).toBeGreaterThanOrEqual(15);
    expect([...mounted].map((route) => route.replace(/:(\w+)/g, "{$1}")).sort()).toEqual([...described].sort());
    expect(openApiPath("/images/:id/like")).toBe("/images/{id}/like");
  });

  it("states the shapes the server really answers", async () => {
    const conforms = async (path: string, schema: z.ZodType) => {
      const res = await call("GET", path);
      expect(res.status).toBe(200);
      const body: unknown = await res.json();
      // Parsing drops what the schema does not know: equal means nothing is missing or extra.
      expect(schema.parse(body)).toEqual(body);
    };
    await conforms("/api/images?limit=5", imagePage);
    await conforms(image.path.replace(/^\/images\/(\d+).*/, "/api/images/$1"), imageDetail);
    await conforms(`/api/creators/${encodeURIComponent(image.creator.name)}`, creatorPage);
    await conforms("/api/tags/random", tagList);
    const operation = document.paths["/api/images/{id}"]!.get!;
    expect(operation.responses["200"]).toEqual({ description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/ImageDetail" } } } });
  });
});
