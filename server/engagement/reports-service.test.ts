import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { imageListQuery } from "#contracts/catalog";
import { COMMAND_LINE } from "../access/actor.ts";
import { testDatabase } from "../../test/database.ts";
import { refusal } from "../../test/refusal.ts";
import { images, reports } from "../db/schema.ts";
import { createReportsRepository } from "./reports-repository.ts";
import { ANONYMOUS_REPORTS_PER_HOUR, createReportsService } from "./reports-service.ts";
import { catalogService } from "../catalog/test-fixtures.ts";
import { addImage, addPeople, scratchMedia } from "../../test/people-and-images.ts";

const { db } = await testDatabase();
const media = scratchMedia();
const catalog = catalogService(db);
const service = createReportsService({ reports: createReportsRepository(db), secret: "test-secret" });

const storedReports = (imageId: number) => db.select().from(reports).where(eq(reports.imageId, imageId));

describe("reporting an image", () => {
  it("stores a signed-in report with its reporter, reason, details and time; a second one is a conflict", async () => {
    const [erin] = await addPeople(db, 1);
    const id = await addImage(db, media, "Neon Alley");
    await service.report(erin!, "203.0.113.7", id, { reason: "copyright", details: "This is my photo" });
    const error = await refusal(service.report(erin!, "203.0.113.7", id, { reason: "spam", details: "" }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toMatch(/already reported this image/);
    const rows = await storedReports(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: erin!.id, reason: "copyright", details: "This is my photo", source: null, resolvedAt: null });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("takes anonymous reports, a few per hour per network, and says when to retry", async () => {
    const id = await addImage(db, media, "Open Field");
    for (let i = 0; i < ANONYMOUS_REPORTS_PER_HOUR; i++) {
      await service.report(null, "198.51.100.20", id, { reason: "offensive", details: `report ${i}` });
    }
    const error = await refusal(service.report(null, "198.51.100.20", id, { reason: "offensive", details: "one more" }));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(/^Too many reports from your network\. Please try again in (60|59) minutes/);
    expect(error.details?.retryAfter).toBeGreaterThan(3500);
    expect(error.details?.retryAfter).toBeLessThanOrEqual(3600);
    // Another network is not held back, and the address itself is never stored.
    await service.report(null, "198.51.100.21", id, { reason: "spam", details: "" });
    const rows = await storedReports(id);
    expect(rows).toHaveLength(ANONYMOUS_REPORTS_PER_HOUR + 1);
    expect(rows.every((r) => r.reporterId === null && r.source !== null && !r.source.includes("198.51"))).toBe(true);
  });

  it("holds the anonymous limit when many reports arrive at once", async () => {
    const id = await addImage(db, media, "Busy Street");
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => service.report(null, "192.0.2.99", id, { reason: "spam", details: "" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(ANONYMOUS_REPORTS_PER_HOUR);
    expect((await storedReports(id)).length).toBe(ANONYMOUS_REPORTS_PER_HOUR);
  });

  it("answers 404 for unknown and hidden images and stores nothing", async () => {
    const [frank] = await addPeople(db, 1);
    expect((await refusal(service.report(frank!, "203.0.113.8", 2_147_483_000, { reason: "spam", details: "" }))).code).toBe("NOT_FOUND");
    const id = await addImage(db, media, "Gone Soon");
    await service.hide(COMMAND_LINE, id, undefined);
    expect((await refusal(service.report(null, "203.0.113.8", id, { reason: "spam", details: "" }))).code).toBe("NOT_FOUND");
    expect(await storedReports(id)).toEqual([]);
  });
});

describe("moderation", () => {
  it("lists open reports; hiding resolves them and takes the image off the catalog; restoring brings it back", async () => {
    const [gina, hal] = await addPeople(db, 2);
    const id = await addImage(db, media, "Questionable Art");
    const other = await addImage(db, media, "Harmless Art");
    await service.report(gina!, "203.0.113.9", id, { reason: "real_person", details: "That is my neighbour" });
    await service.report(null, "203.0.113.10", id, { reason: "other", details: "Looks wrong" });
    await service.report(hal!, "203.0.113.9", other, { reason: "spam", details: "" });

    const open = (await service.openReports()).filter((r) => r.imageId === id);
    expect(open).toMatchObject([
      { imageId: id, title: "Questionable Art", imageStatus: "published", reason: "real_person", details: "That is my neighbour", reporterName: gina!.name, reporterEmail: gina!.email },
      { imageId: id, title: "Questionable Art", reason: "other", details: "Looks wrong", reporterName: null, reporterEmail: null },
    ]);

    expect(await service.hide(COMMAND_LINE, id, "depicts a real person")).toBe(2);
    expect((await service.openReports()).map((r) => r.imageId)).not.toContain(id);
    expect((await service.openReports()).map((r) => r.imageId)).toContain(other);
    expect((await storedReports(id)).map((r) => r.resolution)).toEqual(["hidden: depicts a real person", "hidden: depicts a real person"]);

    // Hidden: gone from the list, search, the creator's page, the sitemap, and its own page.
    const listed = async () => (await catalog.list(imageListQuery.parse({ limit: 100 }))).items.map((i) => i.id);
    expect(await listed()).not.toContain(id);
    expect((await catalog.list(imageListQuery.parse({ limit: 100, q: "questionable" }))).items).toEqual([]);
    expect((await catalog.creator("Unknown Artist", { limit: 100 })).images.items.map((i) => i.id)).not.toContain(id);
    const sitemap: string[] = [];
    for await (const entry of catalog.sitemap()) sitemap.push(entry.path);
    expect(sitemap.some((p) => p.startsWith(`/images/${id}-`))).toBe(false);
    expect((await refusal(catalog.get(id))).code).toBe("NOT_FOUND");

    await service.restore(COMMAND_LINE, id);
    expect(await listed()).toContain(id);
    expect((await catalog.get(id)).title).toBe("Questionable Art");
    const [row] = await db.select({ status: images.status }).from(images).where(eq(images.id, id));
    expect(row!.status).toBe("published");
  });

  it("dismisses a report without touching its image, and names what it cannot find", async () => {
    const [ivy] = await addPeople(db, 1);
    const id = await addImage(db, media, "Fine Art");
    await service.report(ivy!, "203.0.113.11", id, { reason: "spam", details: "" });
    const [report] = (await service.openReports()).filter((r) => r.imageId === id);
    await service.dismiss(COMMAND_LINE, report!.id, "not spam");
    expect((await storedReports(id))[0]!.resolution).toBe("dismissed: not spam");
    expect((await refusal(service.dismiss(COMMAND_LINE, report!.id, undefined))).message).toBe(`Open report ${report!.id} not found`);
    expect((await refusal(service.hide(COMMAND_LINE, 2_147_483_000, undefined))).message).toBe("Image 2147483000 not found");
    expect((await refusal(service.restore(COMMAND_LINE, 2_147_483_000))).message).toBe("Image 2147483000 not found");
  });
});
