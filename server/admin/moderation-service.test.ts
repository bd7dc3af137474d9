import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "#contracts/account";
import { adminImagesQuery } from "#contracts/admin";
import { imageListQuery } from "#contracts/catalog";
import { COMMAND_LINE } from "../access/actor.ts";
import { testDatabase } from "../../test/database.ts";
import { refusal } from "../../test/refusal.ts";
import { catalogService } from "../catalog/test-fixtures.ts";
import { auditLog, images, reports } from "../db/schema.ts";
import { createReportsRepository } from "../engagement/reports-repository.ts";
import { createReportsService } from "../engagement/reports-service.ts";
import { addImage, addPeople, scratchMedia } from "../../test/people-and-images.ts";
import { createModerationService, QUEUE_PAGE_SIZE } from "./moderation-service.ts";

const { db } = await testDatabase();
const media = scratchMedia();
const catalog = catalogService(db);
const reportsService = createReportsService({ reports: createReportsRepository(db), secret: "test-secret" });
const moderation = createModerationService({ reports: reportsService, catalog });

async function people() {
  const [admin, member] = await addPeople(db, 2);
  return { admin: { ...admin!, role: "admin" } satisfies Viewer, member: member! };
}
const auditOf = (targetType: "image" | "report", id: number) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, String(id))).then((rows) => rows.filter((row) => row.targetType === targetType));
const statusOf = async (id: number) => (await db.select({ status: images.status }).from(images).where(eq(images.id, id)))[0]!.status;

describe("the moderation queue", () => {
  it("shows each open report with its image, reason, details, reporter, time and the image's open reports", async () => {
    const { admin, member } = await people();
    const id = await addImage(db, media, "Queued Harbour");
    await reportsService.report(member, "203.0.113.20", id, { reason: "copyright", details: "Mine" });
    await reportsService.report(null, "203.0.113.21", id, { reason: "spam", details: "" });

    const { total, reports: queued } = await moderation.queue(admin);
    const ours = queued.filter((report) => report.imageId === id);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(ours).toMatchObject([
      { reason: "copyright", details: "Mine", reporterName: member.name, reporterEmail: member.email, openOnImage: 2, image: { id, title: "Queued Harbour", status: "published" } },
      { reason: "spam", reporterName: null, reporterEmail: null, openOnImage: 2 },
    ]);
    expect(ours[0]!.createdAt).toBeInstanceOf(Date);
    expect(ours[0]!.image.sources.length).toBeGreaterThan(0);
  });

  it("pages through the open reports, oldest first", async () => {
    const { admin } = await people();
    const id = await addImage(db, media, "Much Reported");
    for (let i = 0; i < QUEUE_PAGE_SIZE + 3; i++) await reportsService.report(null, `198.51.100.${i}`, id, { reason: "spam", details: `${i}` });
    const seen: number[] = [];
    let after: number | undefined;
    do {
      const page = await moderation.queue(admin, after);
      seen.push(...page.reports.map((report) => report.id));
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await reportsService.openReports()).length);
  });

  it("hides from the queue: the image leaves the catalog, its reports close, and the audit log names the admin", async () => {
    const { admin, member } = await people();
    const id = await addImage(db, media, "Hidden From Queue");
    await reportsService.report(member, "203.0.113.22", id, { reason: "offensive", details: "" });

    expect(await moderation.hide(admin, id, "offensive")).toBe(1);
    expect(await statusOf(id)).toBe("hidden");
    expect((await catalog.list(imageListQuery.parse({ limit: 100 }))).items.map((i) => i.id)).not.toContain(id);
    expect((await moderation.queue(admin)).reports.map((r) => r.imageId)).not.toContain(id);
    await moderation.restore(admin, id);
    expect(await statusOf(id)).toBe("published");

    expect(await auditOf("image", id)).toMatchObject([
      { actorId: admin.id, actorLabel: admin.email, action: "image.hide", details: { resolution: "hidden: offensive", resolved: 1 } },
      { actorId: admin.id, action: "image.restore", details: {} },
    ]);
  });

  it("dismisses a report with its audit row, and the command line's actions are logged as its own", async () => {
    const { admin, member } = await people();
    const id = await addImage(db, media, "Fine After All");
    await reportsService.report(member, "203.0.113.23", id, { reason: "spam", details: "" });
    const [report] = (await reportsService.openReports()).filter((r) => r.imageId === id);
    await moderation.dismiss(admin, report!.id, undefined);
    expect(await statusOf(id)).toBe("published");
    expect(await auditOf("report", report!.id)).toMatchObject([{ actorId: admin.id, action: "report.dismiss", details: { image: id, resolution: "dismissed" } }]);

    await reportsService.hide(COMMAND_LINE, id, undefined);
    expect(await auditOf("image", id)).toMatchObject([{ actorId: null, actorLabel: "command line", action: "image.hide" }]);
  });

  it("refuses members and visitors, and changes nothing", async () => {
    const { member } = await people();
    const id = await addImage(db, media, "Left Alone");
    await reportsService.report(null, "203.0.113.24", id, { reason: "spam", details: "" });
    const [report] = (await reportsService.openReports()).filter((r) => r.imageId === id);
    expect(await refusal(moderation.hide(member, id, undefined))).toMatchObject({ code: "FORBIDDEN", message: "Only admins can do this" });
    expect((await refusal(moderation.hide(null, id, undefined))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(moderation.restore(member, id))).code).toBe("FORBIDDEN");
    expect((await refusal(moderation.dismiss(member, report!.id, undefined))).code).toBe("FORBIDDEN");
    expect((await refusal(moderation.queue(member))).code).toBe("FORBIDDEN");
    expect((await refusal(moderation.images(null, adminImagesQuery.parse({})))).code).toBe("UNAUTHENTICATED");
    expect(await statusOf(id)).toBe("published");
    expect((await db.select().from(reports).where(eq(reports.id, report!.id)))[0]!.resolvedAt).toBeNull();
    expect(await db.select().from(auditLog).where(inArray(auditLog.targetId, [String(id), String(report!.id)]))).toEqual([]);
  });

  it("names what it cannot find", async () => {
    const { admin } = await people();
    expect((await refusal(moderation.hide(admin, 2_147_483_000, undefined))).message).toBe("Image 2147483000 not found");
    expect((await refusal(moderation.dismiss(admin, 2_147_483_000, undefined))).message).toBe("Open report 2147483000 not found");
  });
});

describe("the images tab", () => {
  it("finds images of any status by title, creator or tag, newest added first, and filters by status", async () => {
    const { admin } = await people();
    const shown = await addImage(db, media, "Zebra Crossing Alpha");
    const hidden = await addImage(db, media, "Zebra Crossing Beta");
    await moderation.hide(admin, hidden, undefined);
    const find = async (query: Record<string, string>) => (await moderation.images(admin, adminImagesQuery.parse(query))).items.map((i) => [i.id, i.status]);

    expect(await find({ q: "zebra CROSSING" })).toEqual([
      [hidden, "hidden"],
      [shown, "published"],
    ]);
    expect(await find({ q: "zebra crossing", status: "hidden" })).toEqual([[hidden, "hidden"]]);
    expect(await find({ q: "zebra crossing", status: "published" })).toEqual([[shown, "published"]]);
    expect(await find({ q: "unknown artist", status: "hidden" })).toContainEqual([hidden, "hidden"]);
    expect(await find({ q: "100%_" })).toEqual([]);
  });

  it("pages with `before`", async () => {
    const { admin } = await people();
    for (let i = 0; i < 3; i++) await addImage(db, media, `Paged Quokka ${i}`);
    const first = await moderation.images(admin, adminImagesQuery.parse({ q: "quokka" }));
    expect(first.items).toHaveLength(3);
    expect(first.older).toBeNull();
    const before = first.items[1]!.id;
    expect((await moderation.images(admin, adminImagesQuery.parse({ q: "quokka", before: String(before) }))).items.map((i) => i.id)).toEqual([first.items[2]!.id]);
  });
});
