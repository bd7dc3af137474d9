import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { apiOperations } from "../openapi/openapi-document.ts";
import { appBuild, startTestApp } from "./test-app.ts";

/**
 * Private means private: every answer to a signed-in visitor (every page of the route table,
 * every API operation of the OpenAPI document, Better Auth's session endpoints) carries
 * `Cache-Control: private, no-store`, whatever its status, so that no shared proxy keeps it.
 */

const database = await testDatabase();
const { services, call, signUp } = await startTestApp(database, {}, { pages: true });
const { build } = await appBuild();
const imageId = await addImage(database.db, services.media, "Private Harbour");
const session = await signUp("Private Person");

/** A value for each path parameter: the image for ids, something for the rest. */
const fill = (path: string) =>
  path
    .replace(/:(\w+)/g, (_match, name: string) => (/id$/i.test(name) ? String(imageId) : name === "segment" ? `${imageId}-private-harbour` : "x"))
    .replace(/\*$/, "no-such-page");

/** Every page path of the route table, joined to its parents' paths. */
function pagePaths(): string[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.index ? "" : (route.path ?? "");
    const parent = route.parentId ? full(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  return [...new Set(routes.map((route) => `/${fill(full(route.id))}`.replace(/\/+$/, "") || "/"))];
}

describe("answers to a signed-in visitor", () => {
  it("are private and never stored, on every page of the route table", async () => {
    const paths = pagePaths();
    expect(paths).toEqual(expect.arrayContaining(["/", "/profile-settings", "/license", "/admin/insights", `/images/${imageId}-private-harbour`]));
    for (const path of [...paths, ...paths.map((path) => `${path === "/" ? "/_root" : path}.data`)]) {
      const res = await call("GET", path, { cookies: session });
      await res.arrayBuffer();
      expect(res.headers.get("cache-control"), `${res.status} GET ${path}`).toBe("private, no-store");
    }
  });

  it("are private and never stored, for every API operation and Better Auth's session endpoints", async () => {
    const operations = apiOperations.map((operation) => ({ method: operation.method.toUpperCase(), path: `/api${fill(operation.path)}` }));
    operations.push({ method: "GET", path: "/api/auth/get-session" }, { method: "GET", path: "/api/auth/list-sessions" }, { method: "GET", path: "/api/no-such-thing" });
    for (const { method, path } of operations) {
      const res = await call(method, path, { cookies: session, ...(method === "GET" || method === "HEAD" ? {} : { json: {} }) });
      await res.arrayBuffer();
      expect(res.headers.get("cache-control"), `${res.status} ${method} ${path}`).toBe("private, no-store");
    }
  });

  it("leave public answers cacheable for visitors who are not signed in", async () => {
    for (const cookies of [undefined, "theme=dark"]) {
      const res = await call("GET", "/api/openapi.json", { cookies });
      expect(res.headers.get("cache-control"), String(cookies)).toMatch(/^public, max-age=\d+$/);
    }
  });
});
