import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageDetail } from "#contracts/catalog";
import { COMMAND_LINE } from "../access/actor.ts";
import { testDatabase } from "../../test/database.ts";
import { cookiesFrom } from "../auth/test-accounts.ts";
import type { ImportItem } from "../catalog/import/import-service.ts";
import { images } from "../db/schema.ts";
import { DIGITAL_SOURCE_TYPE, licenseUrlOf } from "../media/labels.ts";
import { photoWithGps, readLabel } from "../media/test-images.ts";
import { testImportService } from "../../test/people-and-images.ts";
import { startTestApp, TEST_BASE_URL } from "./test-app.ts";

/**
 * The files a visitor gets, over HTTP: served variants and downloads carry the AI label, the
 * title, the creator and the license URL, and nothing of the uploaded photo's EXIF; the files
 * of a hidden image answer 404 until it is restored.
 */

const database = await testDatabase();
const { services, call, origin, signUp } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000" });
const imports = testImportService(database.db, services.media, { licenseUrl: licenseUrlOf(TEST_BASE_URL), imaging: services.imaging });
const photo = await photoWithGps(1000, 700);
const item = (title: string): ImportItem => ({ source: "test", sourceId: "fox", title, creator: "Ada Lovelace", file: async () => photo });
const expected = (title: string) => ({
  digitalSourceType: DIGITAL_SOURCE_TYPE,
  title,
  creator: "Ada Lovelace",
  licenseUrl: `${TEST_BASE_URL}/license`,
  exif: false,
  iptc: false,
  makerText: false,
});

let id: number;
let cookies: string;
beforeAll(async () => {
  await imports.importItem(item("Fox at dawn"));
  [{ id }] = (await database.db.select({ id: images.id }).from(images).where(eq(images.sourceId, "fox"))) as [{ id: number }];
  const res = await call("POST", "/api/auth/sign-up/email", { json: { name: "Bea", email: "bea@example.test", password: "a long enough passphrase" } });
  cookies = cookiesFrom(res.headers);
});

async function detail(): Promise<ImageDetail> {
  return (await (await call("GET", `/api/images/${id}`)).json()) as ImageDetail;
}

/** Every variant URL the image's page offers. */
async function variantUrls(): Promise<string[]> {
  const { sources, src } = await detail();
  return [src, ...sources.flatMap((s) => s.srcset.split(", ").map((entry) => entry.split(" ")[0]!))];
}

const fetchMedia = (url: string) => fetch(new URL(url, origin));

describe("labelled files", () => {
  it("serves variants in every format that carry the label, title, creator and license URL, and no GPS or camera data", async () => {
    const urls = await variantUrls();
    expect(urls.some((u) => u.endsWith(".avif")) && urls.some((u) => u.endsWith(".webp")) && urls.some((u) => u.endsWith(".jpg"))).toBe(true);
    for (const url of urls) {
      const res = await fetchMedia(url);
      expect(res.status).toBe(200);
      expect({ url, ...(await readLabel(Buffer.from(await res.arrayBuffer()))) }).toMatchObject({ url, ...expected("Fox at dawn") });
    }
  });

  it("hands out downloads, the original size included, with the label and the colour profile, and no GPS or camera data", async () => {
    for (const size of ["original", "small"]) {
      const res = await call("GET", `/api/images/${id}/download?size=${size}`, { cookies });
      expect(res.status).toBe(200);
      const label = await readLabel(Buffer.from(await res.arrayBuffer()));
      expect({ size, ...label }).toMatchObject({ size, ...expected("Fox at dawn"), format: "jpeg" });
    }
  });

  it("labels the files anew under new URLs when an import changes the title, and the old URLs stop answering", async () => {
    const before = await variantUrls();
    await imports.importItem(item("Fox at dusk"));
    const after = await variantUrls();
    expect(after.filter((u) => before.includes(u))).toEqual([]);
    for (const url of after) expect(await readLabel(Buffer.from(await (await fetchMedia(url)).arrayBuffer()))).toMatchObject(expected("Fox at dusk"));
    for (const url of before) expect((await fetchMedia(url)).status).toBe(404);
    const download = await call("GET", `/api/images/${id}/download?size=original`, { cookies });
    expect(await readLabel(Buffer.from(await download.arrayBuffer()))).toMatchObject(expected("Fox at dusk"));
  });

  it("never serves the kept original or a rendered download under /media", async () => {
    const [row] = await database.db.select({ originalKey: images.originalKey }).from(images).where(eq(images.id, id));
    expect(await services.media.has(row!.originalKey)).toBe(true);
    expect((await fetchMedia(`/media/${row!.originalKey}`)).status).toBe(404);
  });
});

describe("files of a hidden image", () => {
  it("answer 404 while moderation hides the image, and 200 again once it is restored", async () => {
    const urls = await variantUrls();
    const statuses = async () => Promise.all(urls.map(async (url) => (await fetchMedia(url)).status));
    expect(new Set(await statuses())).toEqual(new Set([200]));

    await services.reports.hide(COMMAND_LINE, id, "copyright");
    // The instance hears of the change from PostgreSQL (NOTIFY on commit) within milliseconds.
    await vi.waitFor(async () => expect(new Set(await statuses())).toEqual(new Set([404])), { timeout: 3000, interval: 20 });
    expect((await call("GET", `/api/images/${id}/download`, { cookies })).status).toBe(404);

    // Admins still see them, to decide on a restore; never kept by a cache. A member does not.
    const adminCookies = await signUp("Ada Admin");
    const admin = await services.accounts.viewer(new Headers({ cookie: adminCookies }));
    await services.accountAdmin.setRoleByEmail(admin!.email, "admin");
    for (const url of urls) {
      const seen = await fetch(new URL(url, origin), { headers: { cookie: adminCookies } });
      expect(seen.status).toBe(200);
      expect(seen.headers.get("cache-control")).toBe("private, no-store");
      expect((await fetch(new URL(url, origin), { headers: { cookie: cookies } })).status).toBe(404);
    }

    await services.reports.restore(COMMAND_LINE, id);
    await vi.waitFor(async () => expect(new Set(await statuses())).toEqual(new Set([200])), { timeout: 3000, interval: 20 });
  });
});
