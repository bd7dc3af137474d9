import { beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { startTestApp } from "./test-app.ts";

/**
 * Another site's pages may read the catalog from the browser (CORS), anonymously; they may
 * still change nothing, and read nothing personal.
 */

const database = await testDatabase();
const { services, call, origin } = await startTestApp(database);
const ELSEWHERE = "https://gallery-fan.example";

let image: number;
beforeAll(async () => {
  image = await addImage(database.db, services.media, "Open Sea");
});

/** A preflight as a browser sends it before a cross-origin request with `method`. */
const preflight = (path: string, method: string, headers = "") =>
  fetch(`${origin}${path}`, {
    method: "OPTIONS",
    headers: { origin: ELSEWHERE, "access-control-request-method": method, ...(headers ? { "access-control-request-headers": headers } : {}) },
  });

describe("cross-origin reads of the catalog", () => {
  it("answers a preflight for GET on the catalog's reads and the OpenAPI document", async () => {
    for (const path of ["/api/images", `/api/images/${image}`, "/api/tags/random", "/api/tags/suggestions", "/api/creators/Anyone", "/api/openapi.json"]) {
      const res = await preflight(path, "GET", "accept");
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-methods"), path).toBe("GET, HEAD");
      expect(res.headers.get("access-control-allow-credentials"), path).toBeNull();
    }
  });

  it("lets another site GET lists, an image, tags and the document, without credentials", async () => {
    for (const path of ["/api/images?limit=2", `/api/images/${image}`, "/api/tags/suggestions?q=op", "/api/openapi.json"]) {
      const res = await call("GET", path, { from: ELSEWHERE });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-credentials"), path).toBeNull();
      await res.arrayBuffer();
    }
  });

  it("still refuses what changes something, and opens nothing personal", async () => {
    const post = await call("POST", `/api/images/${image}/views`, { from: ELSEWHERE });
    expect(post.status).toBe(403);
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
    for (const [path, method] of [
      [`/api/images/${image}/views`, "POST"],
      [`/api/images/${image}/like`, "PUT"],
      [`/api/images/${image}/reports`, "POST"],
      ["/api/images", "DELETE"],
    ] as const) {
      expect((await preflight(path, method, "content-type")).headers.get("access-control-allow-origin"), `${method} ${path}`).toBeNull();
    }
    for (const path of ["/api/me/likes", "/api/me/receipts", `/api/images/${image}/download`]) {
      expect((await preflight(path, "GET")).headers.get("access-control-allow-origin"), path).toBeNull();
      const res = await call("GET", path, { from: ELSEWHERE });
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
      await res.arrayBuffer();
    }
  });
});
