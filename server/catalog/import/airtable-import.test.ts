import { readdir } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/database.ts";
import { scratchDir } from "../../../test/scratch-dir.ts";
import { images } from "../../db/schema.ts";
import { localDiskStorage } from "../../media/local-disk-storage.ts";
import { solidImage, splitImage, TEST_IMAGING } from "../../media/test-images.ts";
import { airtableSource, RATE_LIMIT_RETRIES, type AirtableOptions } from "./airtable-source.ts";
import { formatSummary } from "./import-service.ts";
import { testImportService } from "../../../test/people-and-images.ts";

const database = await testDatabase();
const mediaDir = scratchDir("airtable");
/** Where the import writes each download as it arrives, and the work files made from it. */
const workDir = scratchDir("airtable-work");
const imports = testImportService(database.db, localDiskStorage(mediaDir), { imaging: { ...TEST_IMAGING, scratchDir: workDir } });

/** Requests the fake Airtable received, how many 429s it still has to give, and the waits asked for. */
const requests: IncomingMessage[] = [];
const waits: number[] = [];
let rateLimitsLeft = 0;
let base = "";
const files: Record<string, Buffer> = {};

/** Pages shaped like Airtable's list-records answers. */
function pages(): Record<string, unknown> {
  return {
    first: {
      records: [
        {
          id: "recHarbour",
          createdTime: "2024-01-01T00:00:00.000Z",
          fields: {
            Name: "Harbour Lights",
            Tags: ["Sea", "night"],
            Category: "Travel",
            Creator: "Mira Holt",
            Like: 12,
            Downloads: 40,
            Created: "2024-02-03T04:05:06.000Z",
            Model: "Stable Diffusion XL 1.0",
            Prompt: "harbour at night, lanterns reflected in still water",
            "Negative Prompt": "people, text",
            Seed: 1234567890,
            Settings: "steps 30, CFG 7",
            Generated: "2024-02-01T12:00:00.000Z",
            Image: [{ id: "att1", url: `${base}/files/harbour.jpg`, filename: "harbour.jpg", width: 640, height: 400, size: files["harbour.jpg"]!.length }],
          },
        },
        { id: "recEmpty", createdTime: "2024-01-02T00:00:00.000Z", fields: { Name: "No picture here", Tags: "ghost" } },
      ],
      offset: "itrPage2/recEmpty",
    },
    second: {
      records: [
        {
          id: "recForest",
          createdTime: "2023-05-06T07:08:09.000Z",
          fields: {
            Tags: "forest, green ,  calm",
            "Download Count": 7,
            Photo: [{ id: "att2", url: `${base}/files/forest.png`, filename: "forest.png", width: 300, height: 500 }],
          },
        },
        { id: "recGone", fields: { Name: "Gone", Image: [{ id: "att3", url: `${base}/files/missing.jpg`, filename: "missing.jpg" }] } },
      ],
    },
  };
}

const server = createServer((req, res) => {
  const url = new URL(req.url!, base);
  if (url.pathname.startsWith("/files/")) {
    const file = files[url.pathname.slice(7)];
    res.writeHead(file ? 200 : 404, { "Content-Type": "application/octet-stream" });
    return void res.end(file);
  }
  requests.push(req);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  if (req.headers.authorization !== "Bearer key-ok") return json(401, { error: { type: "AUTHENTICATION_REQUIRED", message: "You should provide valid api key to perform this operation" } });
  if (url.pathname === "/v0/appBroken/Images") return json(200, "{not json");
  if (url.pathname !== "/v0/appGallery/Images") return json(404, { error: "NOT_FOUND" });
  if (rateLimitsLeft > 0) {
    rateLimitsLeft--;
    return json(429, { errors: [{ error: "RATE_LIMIT_REACHED" }] });
  }
  const { first, second } = pages();
  json(200, url.searchParams.get("offset") === "itrPage2/recEmpty" ? second : first);
});

const options = (extra: Partial<AirtableOptions> = {}): AirtableOptions => ({
  baseId: "appGallery",
  apiKey: "key-ok",
  apiUrl: base,
  sleep: async (ms) => void waits.push(ms),
  maxPixels: TEST_IMAGING.maxPixels,
  ...extra,
});

beforeAll(async () => {
  files["harbour.jpg"] = await splitImage(640, 400, "#0c4a6e", "#fde68a");
  files["forest.png"] = await solidImage(300, 500, "#166534");
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

describe("importing from Airtable", () => {
  it("reads every page newest first, retries a 429, maps the fields and skips records without a usable image", async () => {
    rateLimitsLeft = 1;
    const retries: number[] = [];
    const summary = await imports.run(await airtableSource(options({ onRetry: (ms) => retries.push(ms) })));
    expect(formatSummary(summary)).toBe("imported 2, updated 0, skipped 2 (no attachment: 1, download failed: 1)");
    expect(retries).toHaveLength(1);
    // Each download was written to a work file as it came, and removed once imported.
    expect(await readdir(workDir)).toEqual([]);

    // 1 rate-limited request, then two pages of 100, sorted by Created, newest first.
    expect(requests).toHaveLength(3);
    const query = new URL(requests[2]!.url!, base).searchParams;
    expect(Object.fromEntries(query)).toEqual({ pageSize: "100", "sort[0][field]": "Created", "sort[0][direction]": "desc", offset: "itrPage2/recEmpty" });

    const rows = await database.db.query.images.findMany({ orderBy: images.createdAt });
    expect(rows.map((r) => r.sourceId)).toEqual(["recForest", "recHarbour"]);
    expect(rows[1]).toMatchObject({
      title: "Harbour Lights",
      category: "Travel",
      likes: 0, // Like: 12 in Airtable, but nobody here likes it yet
      downloads: 40,
      width: 640,
      height: 400,
      createdAt: new Date("2024-02-03T04:05:06.000Z"),
      searchText: "harbour lights sea night",
      aiModel: "Stable Diffusion XL 1.0",
      aiPrompt: "harbour at night, lanterns reflected in still water",
      aiNegativePrompt: "people, text",
      aiSeed: "1234567890",
      aiSettings: "steps 30, CFG 7",
      generatedAt: new Date("2024-02-01T12:00:00.000Z"),
    });
    // A record that says nothing of how it was made has none of it.
    expect(rows[0]).toMatchObject({ aiModel: null, aiPrompt: null, aiNegativePrompt: null, aiSeed: null, aiSettings: null, generatedAt: null });
    expect(rows[0]).toMatchObject({
      title: "Untitled",
      category: "General",
      downloads: 7,
      likes: 0,
      width: 300,
      height: 500,
      createdAt: new Date("2023-05-06T07:08:09.000Z"),
      searchText: "untitled forest green calm",
    });
  });

  it("updates the same records when imported again", async () => {
    const summary = await imports.run(await airtableSource(options()));
    expect(formatSummary(summary)).toBe("imported 0, updated 2, skipped 2 (no attachment: 1, download failed: 1)");
    expect(await database.db.$count(images)).toBe(2);
  });

  it("stops with Airtable's error code and message", async () => {
    await expect(airtableSource(options({ apiKey: "wrong" }))).rejects.toThrow(
      "Airtable: AUTHENTICATION_REQUIRED: You should provide valid api key to perform this operation",
    );
    await expect(airtableSource(options({ baseId: "appMissing" }))).rejects.toThrow("Airtable: NOT_FOUND: Could not find what you are looking for");
    await expect(airtableSource(options({ baseId: "appBroken" }))).rejects.toThrow("Airtable: INVALID_JSON");
    await expect(airtableSource(options({ apiUrl: "http://127.0.0.1:9" }))).rejects.toThrow("Airtable: CONNECTION_ERROR");
  });

  it("waits 5 s before the first retry, about twice as long each time, never over 10 minutes, then gives up", async () => {
    rateLimitsLeft = 100;
    waits.length = 0;
    requests.length = 0;
    await expect(airtableSource(options({ random: () => 0 }))).rejects.toThrow(`Airtable: TOO_MANY_REQUESTS: Still rate-limited after ${RATE_LIMIT_RETRIES} retries`);
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000]);
    expect(requests).toHaveLength(RATE_LIMIT_RETRIES + 1);

    // Jitter adds up to half of each wait, and the cap still holds.
    waits.length = 0;
    await expect(airtableSource(options({ random: () => 0.999 }))).rejects.toThrow("Airtable: TOO_MANY_REQUESTS");
    expect(waits).toEqual([7_498, 14_995, 29_990, 59_980, 119_960, 239_920, 479_840, 600_000]);
    rateLimitsLeft = 0;
  });
});
