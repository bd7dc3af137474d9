import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contracts/api-error";
import type { CollectionList, CollectionPage, CollectionSummary } from "#contracts/collections";
import { testDatabase } from "../../../test/database.ts";
import { unzip } from "../../../test/unzip.ts";
import { addImage } from "../../../test/people-and-images.ts";
import { startTestApp } from "../test-app.ts";

/** Collections over HTTP: the answers, the refusals (each precise, each changing nothing) and the ZIP. */

const database = await testDatabase();
const { db } = database;
const { services, call, origin, signUp } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000" });

async function refused(res: Response, status: number): Promise<ApiErrorBody["error"]> {
  expect(res.status).toBe(status);
  return ((await res.json()) as ApiErrorBody).error;
}

async function mine(cookies: string, query = ""): Promise<CollectionSummary[]> {
  const res = await call("GET", `/api/collections${query}`, { cookies });
  expect(res.status).toBe(200);
  return ((await res.json()) as CollectionList).items;
}

let alice: string;
let bob: string;
let images: number[];
beforeAll(async () => {
  alice = await signUp("Collector 1");
  bob = await signUp("Collector 2");
  images = [await addImage(db, services.media, "Misty Pines"), await addImage(db, services.media, "Misty Pines"), await addImage(db, services.media, "Red Canyon")];
});

describe("the collections API", () => {
  it("creates, renames, fills, empties and deletes a collection", async () => {
    const created = await call("POST", "/api/collections", { cookies: alice, json: { name: "  Forests  " } });
    expect(created.status).toBe(201);
    const collection = (await created.json()) as CollectionSummary;
    expect(collection).toMatchObject({ name: "Forests", isPublic: false, imageCount: 0, path: `/collections/${collection.id}-forests` });

    const added = await call("PUT", `/api/collections/${collection.id}/images/${images[0]}`, { cookies: alice });
    expect(await added.json()).toEqual({ collectionId: collection.id, imageId: images[0], saved: true, imageCount: 1 });
    expect((await mine(alice, `?image=${images[0]}`)).map((c) => c.hasImage)).toEqual([true]);
    const renamed = await call("PATCH", `/api/collections/${collection.id}`, { cookies: alice, json: { name: "Woods", isPublic: true } });
    expect(await renamed.json()).toMatchObject({ name: "Woods", isPublic: true, imageCount: 1, covers: [{ id: images[0] }] });

    const page = (await (await call("GET", `/api/collections/${collection.id}`)).json()) as CollectionPage;
    expect(page).toMatchObject({ name: "Woods", owner: { name: "Collector 1" }, mine: false, images: { total: 1, nextCursor: null } });

    const removed = await call("DELETE", `/api/collections/${collection.id}/images/${images[0]}`, { cookies: alice });
    expect((await removed.json()) as unknown).toMatchObject({ saved: false, imageCount: 0 });
    expect((await call("DELETE", `/api/collections/${collection.id}`, { cookies: alice })).status).toBe(204);
    expect(await mine(alice)).toEqual([]);
  });

  it("refuses bad input precisely, and changes nothing", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ name: "" }, "name", "Please give the collection a name"],
      [{ name: "   " }, "name", "Please give the collection a name"],
      [{ name: "x".repeat(61) }, "name", "The name must be at most 60 characters"],
      [{ name: "a\u0000b" }, "name", "name must not contain NUL characters or unpaired surrogates"],
      [{ name: 42 }, "name", "name must be text"],
      [{ name: "Fine", isPublic: "yes" }, "isPublic", "isPublic must be true or false"],
      [{}, "name", "Please give the collection a name"],
    ];
    for (const [json, field, message] of cases) {
      expect(await refused(await call("POST", "/api/collections", { cookies: alice, json }), 400)).toMatchObject({ code: "BAD_REQUEST", field, message });
    }
    expect(await mine(alice)).toEqual([]);

    const { id } = (await (await call("POST", "/api/collections", { cookies: alice, json: { name: "Kept", isPublic: false } })).json()) as CollectionSummary;
    expect((await refused(await call("PATCH", `/api/collections/${id}`, { cookies: alice, json: {} }), 400)).message).toBe("Give a new name or isPublic");
    expect((await refused(await call("PATCH", `/api/collections/${id}`, { cookies: alice, json: { name: "" } }), 400)).field).toBe("name");
    expect((await refused(await call("PUT", `/api/collections/${id}/images/abc`, { cookies: alice }), 400)).field).toBe("imageId");
    expect((await refused(await call("PUT", `/api/collections/${id}/images/2147483000`, { cookies: alice }), 404)).message).toBe("Image not found");
    expect((await refused(await call("GET", "/api/collections?image=-1", { cookies: alice }), 400)).field).toBe("image");
    expect(await mine(alice)).toMatchObject([{ name: "Kept", imageCount: 0 }]);
    await call("DELETE", `/api/collections/${id}`, { cookies: alice });
  });

  it("needs a session to change anything, and a page of this site", async () => {
    expect((await refused(await call("GET", "/api/collections"), 401)).code).toBe("UNAUTHENTICATED");
    expect((await refused(await call("POST", "/api/collections", { json: { name: "Anonymous" } }), 401)).code).toBe("UNAUTHENTICATED");
    expect((await call("POST", "/api/collections", { cookies: alice, json: { name: "Elsewhere" }, from: "https://evil.example" })).status).toBe(403);
    expect(await mine(alice)).toEqual([]);
  });

  it("answers someone else's private collection as one that does not exist", async () => {
    const { id } = (await (await call("POST", "/api/collections", { cookies: alice, json: { name: "Private" } })).json()) as CollectionSummary;
    await call("PUT", `/api/collections/${id}/images/${images[0]}`, { cookies: alice });
    const unknown = await refused(await call("GET", "/api/collections/2147483000", { cookies: bob }), 404);
    for (const [method, path, cookies] of [
      ["GET", `/api/collections/${id}`, bob],
      ["GET", `/api/collections/${id}`, undefined],
      ["GET", `/api/collections/${id}/download`, bob],
      ["PATCH", `/api/collections/${id}`, bob],
      ["PUT", `/api/collections/${id}/images/${images[1]}`, bob],
    ] as const) {
      const res = await call(method, path, { cookies, json: method === "PATCH" ? { isPublic: true } : undefined });
      expect(await refused(res, 404)).toEqual(unknown);
    }
    await call("PATCH", `/api/collections/${id}`, { cookies: alice, json: { isPublic: true } });
    expect((await refused(await call("PUT", `/api/collections/${id}/images/${images[1]}`, { cookies: bob }), 403)).message).toBe("Only the collection's owner can change it");
    await call("DELETE", `/api/collections/${id}`, { cookies: alice });
  });
});

describe("Download all", () => {
  it("streams a ZIP named after the collection, with every image's JPEG, and counts each download", async () => {
    const { id } = (await (await call("POST", "/api/collections", { cookies: alice, json: { name: "Misty mornings", isPublic: true } })).json()) as CollectionSummary;
    for (const image of images) await call("PUT", `/api/collections/${id}/images/${image}`, { cookies: alice });
    const before = await Promise.all(images.map(async (image) => ((await (await call("GET", `/api/images/${image}`)).json()) as { downloads: number }).downloads));

    const res = await call("GET", `/api/collections/${id}/download`, { cookies: bob });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Misty_mornings.zip"; filename*=UTF-8''Misty_mornings.zip`);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(files.map((file) => file.name)).toEqual(["Red_Canyon.jpg", "Misty_Pines.jpg", "Misty_Pines_(2).jpg"]);
    expect(files.every((file) => file.bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])))).toBe(true);

    const after = await Promise.all(images.map(async (image) => ((await (await call("GET", `/api/images/${image}`)).json()) as { downloads: number }).downloads));
    expect(after).toEqual(before.map((count) => count + 1));
  });

  it("sends a browser without a session to sign in, and back to the collection's page; an API client gets 401", async () => {
    const [collection] = await mine(alice);
    const browser = await fetch(`${origin}/api/collections/${collection!.id}/download`, {
      headers: { accept: "text/html,application/xhtml+xml" },
      redirect: "manual",
    });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(collection!.path)}`);
    expect((await refused(await call("GET", `/api/collections/${collection!.id}/download`), 401)).code).toBe("UNAUTHENTICATED");
  });
});
