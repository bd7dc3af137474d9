import { Validator } from "@seriousme/openapi-schema-validator";
import type { Router } from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { apiErrorBody } from "#contracts/api-error";
import { creatorPage, creatorTotals, imageDetail, imagePage, tagList, type ImageDetail } from "#contracts/catalog";
import { ROOT_CERTIFICATE_PATH } from "#contracts/credentials-paths";
import type { z } from "zod";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { apiRouter } from "../http/app.ts";
import { startTestApp, TEST_BASE_URL } from "../http/test-app.ts";
import { apiOperations, openApiPath } from "./openapi-document.ts";

/**
 * GET /api/openapi.json is a valid OpenAPI 3.1 document that describes every route the server
 * mounts under /api (Better Auth's /api/auth/* excepted, by decision 018), and the answers the
 * server really gives match the schemas it states.
 */

const database = await testDatabase();
const { services, call, signUp } = await startTestApp(database);

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

  it("describes every route mounted under /api, and no route that is not; outside /api, the Content Credentials' root certificate alone", () => {
    // CORS preflights (OPTIONS) are not operations of their own.
    const mounted = new Set(routesOf(apiRouter(services), "/api").filter((route) => !route.startsWith("OPTIONS ")));
    const described = new Set(
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith("/api/"))
        .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    expect(Object.keys(document.paths).filter((path) => !path.startsWith("/api/"))).toEqual([ROOT_CERTIFICATE_PATH]);
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
    await conforms(`/api/creators/${encodeURIComponent(image.creator.name)}/totals`, creatorTotals);
    await conforms("/api/tags/random", tagList);
    const operation = document.paths["/api/images/{id}"]!.get!;
    expect(operation.responses["200"]).toEqual({ description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/ImageDetail" } } } });
  });

  it("lists every status an operation answers to malformed ids and parameters, signed in or not, from this site or another", async () => {
    /** Path parameters no route takes: not whole numbers, out of range, not percent-encoded UTF-8. */
    const badSegments = ["0", "-1", "1.5", "abc", "99999999999", "%E0%A4%A", "%FF"];
    /** Query values no parameter takes (numbers, enums, cursors, ids). */
    const badValues = ["-1", "0", "abc", "%FF", "9".repeat(30)];
    const cookies = await signUp("Fuzzy Tester");
    const undocumented: string[] = [];
    let requests = 0;
    for (const operation of apiOperations) {
      const documented = document.paths[`/api${openApiPath(operation.path)}`]![operation.method]!.responses;
      const send = async (path: string, options: { cookies?: string; from?: string }) => {
        requests++;
        const res = await call(operation.method.toUpperCase(), path, { ...options, ...(operation.body ? { json: {} } : {}) });
        const answer = `${operation.method.toUpperCase()} ${path} ${options.cookies ? "signed in" : "signed out"}${options.from ? " from another site" : ""}: ${res.status}`;
        if (!(String(res.status) in documented)) undocumented.push(answer);
        if (res.status >= 400 && operation.method !== "head") expect(apiErrorBody.safeParse(await res.json()).success, answer).toBe(true);
        else await res.body?.cancel();
      };
      const paths = operation.path.includes(":")
        ? badSegments.map((segment) => operation.path.replace(/:\w+/g, segment))
        : Object.keys(operation.query?.shape ?? {}).flatMap((name) => badValues.map((value) => `${operation.path}?${name}=${value}`));
      for (const path of paths.length ? paths : [operation.path]) {
        for (const options of [{}, { cookies }, { cookies, from: "https://elsewhere.example" }]) await send(`/api${path}`, options);
      }
    }
    expect(requests).toBeGreaterThan(200);
    expect(undocumented).toEqual([]);
  }, 120_000);
});
