import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "../server/access/actor.ts";
import { testDatabase } from "../test/database.ts";
import { images, reports, user } from "../server/db/schema.ts";
import { createReportsRepository } from "../server/engagement/reports-repository.ts";
import { createReportsService } from "../server/engagement/reports-service.ts";
import { addImage, addPeople, scratchMedia } from "../test/people-and-images.ts";

const { db, url } = await testDatabase();
const media = scratchMedia();
const reportsService = createReportsService({ reports: createReportsRepository(db), secret: "test-secret" });
const dataDir = mkdtempSync(path.join(tmpdir(), "stockroom-moderate-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run moderate -- ...args` as an operator would, against the test database. */
const moderate = (...args: string[]) => moderateWith({}, ...args);

/** The same, with `env` added to the operator's settings. */
async function moderateWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["node_modules/tsx/dist/cli.mjs", "cli/moderate.ts", ...args], {
      // Only what an operator's shell would hold (Vitest adds variables such as BASE_URL=/).
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "error", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const statusOf = async (id: number) => (await db.select({ status: images.status }).from(images).where(eq(images.id, id)))[0]!.status;

describe("npm run moderate", () => {
  it("lists open reports with image, title, reason, details, reporter and time, then hides and restores", async () => {
    const [jo] = await addPeople(db, 1);
    const id = await addImage(db, media, "Suspicious Sunset");
    await reportsService.report(jo!, "203.0.113.1", id, { reason: "copyright", details: "Copied from\nmy portfolio" });
    await reportsService.report(null, "203.0.113.2", id, { reason: "spam", details: "" });

    const listed = await moderate("reports");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("2 open reports:");
    expect(listed.stdout).toContain(`image ${id} "Suspicious Sunset"`);
    expect(listed.stdout).toContain("reason:   Copyright or trademark violation");
    expect(listed.stdout).toContain("details:  Copied from my portfolio");
    expect(listed.stdout).toContain(`reporter: ${jo!.name} <${jo!.email}>, `);
    expect(listed.stdout).toMatch(/reporter: anonymous, \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    const hidden = await moderate("hide", String(id), "--reason", "copyright claim upheld");
    expect(hidden).toMatchObject({ code: 0, stdout: `Image ${id} is hidden; 2 open reports resolved.\n` });
    expect(await statusOf(id)).toBe("hidden");
    expect((await db.select().from(reports).where(eq(reports.imageId, id))).map((r) => r.resolution)).toEqual([
      "hidden: copyright claim upheld",
      "hidden: copyright claim upheld",
    ]);
    expect((await moderate("reports")).stdout).toBe("No open reports.\n");

    expect(await moderate("restore", String(id))).toMatchObject({ code: 0, stdout: `Image ${id} is published again.\n` });
    expect(await statusOf(id)).toBe("published");
  }, 120_000); // four command processes, each a Node start: up to ~10 s apiece on a loaded 2-core machine

  it("writes one JSON object per line with LOG_FORMAT=json, its failures too", async () => {
    const id = await addImage(db, media, "Quiet Harbour");
    await reportsService.report(null, "203.0.113.4", id, { reason: "spam", details: "" });
    const json = { LOG_FORMAT: "json" };
    const lines = (output: string) => output.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);

    const listed = await moderateWith(json, "reports");
    expect(listed).toMatchObject({ code: 0, stderr: "" });
    const entries = lines(listed.stdout);
    expect(entries.map((e) => e.msg)).toEqual([
      "1 open report:\n",
      expect.stringMatching(new RegExp(`^report \\d+  image ${id} "Quiet Harbour"$`)),
      "  reason:   Spam or misleading",
      expect.stringMatching(/^ {2}reporter: anonymous, \d{4}-\d\d-\d\d \d\d:\d\d UTC\n$/),
      "Act with: npm run moderate -- hide <imageId> [--reason <text>]  or  dismiss <reportId>",
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ level: "info", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const unknown = await moderateWith(json, "hide", "999999");
    expect(unknown.code).toBe(1);
    expect(lines(unknown.stdout)).toEqual([{ level: "error", time: expect.any(String), msg: "moderate: Image 999999 not found" }]);
    await reportsService.hide(COMMAND_LINE, id, undefined);
  }, 60_000);

  it("explains bad commands and unknown ids instead of failing silently", async () => {
    const unknown = await moderate("hide", "999999");
    expect(unknown).toMatchObject({ code: 1, stderr: "moderate: Image 999999 not found\n" });
    const bad = await moderate("restore", "abc");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('moderate: imageId must be a positive whole number, not "abc"');
    expect(bad.stderr).toContain("Usage: npm run moderate -- <command>");
    const hostile = await moderate("restore", "\u001b[2J");
    expect(hostile.stderr).toContain('not "\\x1b[2J"');
    expect(hostile.stderr).not.toContain("\u001b");
  });

  it("prints titles, names and details with their control characters escaped, never obeyed", async () => {
    const [mallory] = await addPeople(db, 1);
    await db.update(user).set({ name: "Mallory\u001b]0;owned\u0007" }).where(eq(user.id, mallory!.id));
    const id = await addImage(db, media, "Calm Sea");
    await db.update(images).set({ title: "Calm\u001b[2J\u001b[HSea" }).where(eq(images.id, id));
    await reportsService.report({ ...mallory!, name: "Mallory" }, "203.0.113.3", id, { reason: "other", details: "look\u202eecnegilgen\u009b31m" });

    const listed = await moderate("reports");
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(listed.stdout).toContain(`image ${id} "Calm\\x1b[2J\\x1b[HSea"`);
    expect(listed.stdout).toContain("details:  look\\u202eecnegilgen\\x9b31m");
    expect(listed.stdout).toContain("reporter: Mallory\\x1b]0;owned\\x07 <");
    await reportsService.hide(COMMAND_LINE, id, undefined);
  });
});
