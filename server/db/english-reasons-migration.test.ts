import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage, addPeople, scratchMedia } from "../../test/people-and-images.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { migrateDatabase } from "./database.ts";

/**
 * A site upgraded from before the reasons were kept as codes: the English texts its database
 * holds are read back into codes, so that the pages say them in their language like new ones.
 */

const migrations = fileURLToPath(new URL("./migrations", import.meta.url));

/** The database as it was migrated up to and including `tag`, before the migrations after it. */
async function migratedUpTo(tag: string) {
  const database = await testDatabase({ migrated: false });
  const folder = scratchDir("migrations");
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(last).toBeGreaterThanOrEqual(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  await database.pool.query("create extension if not exists pg_trgm");
  await migrate(drizzle(database.pool), { migrationsFolder: folder });
  return database;
}

describe("upgrading a database whose reasons are English texts", () => {
  it("reads an image's review texts back into codes, each reason in its order", async () => {
    const database = await migratedUpTo("0023_upload_failure");
    const media = scratchMedia();
    const stored: Record<string, string> = {
      unreadable: "Its Content Credentials could not be read: their ingredients refer to each other in a loop",
      older: "Its Content Credentials could not be read: their ingredients form a cycle",
      several:
        "Its Content Credentials are invalid (assertion.dataHash.mismatch, claimSignature.mismatch); Its Content Credentials say it is a camera capture, not AI-made; Its Content Credentials are too large to keep (1530 KB; the limit is 1024 KB)",
      unexplained: "Its Content Credentials are invalid (no reason given)",
    };
    const ids: Record<string, number> = {};
    for (const [name, review] of Object.entries(stored)) {
      ids[name] = await addImage(database.db, media, name);
      await database.pool.query("update images set review_reason = $1 where id = $2", [review, ids[name]]);
    }
    const unflagged = await addImage(database.db, media, "unflagged");

    await migrateDatabase(database.pool);

    const { rows } = await database.pool.query<{ id: number; review: unknown }>("select id, review_reason as review from images");
    const review = (id: number) => rows.find((row) => row.id === id)?.review;
    expect(review(ids.unreadable!)).toEqual([{ code: "unreadable", values: { damage: "cycle" } }]);
    expect(review(ids.older!)).toEqual([{ code: "unreadable", values: { damage: "cycle" } }]);
    expect(review(ids.several!)).toEqual([
      { code: "invalid", values: { failures: "assertion.dataHash.mismatch, claimSignature.mismatch" } },
      { code: "capture", values: {} },
      { code: "tooLarge", values: { size: 1530, limit: 1024 } },
    ]);
    expect(review(ids.unexplained!)).toEqual([{ code: "invalid", values: { failures: "" } }]);
    expect(review(unflagged)).toBeNull();
    // Five images imported through the real import: on a busy machine longer than the default.
  }, 120_000);

  it("reads the English reasons of uploads that failed before codes were kept into codes; others keep theirs", async () => {
    const database = await migratedUpTo("0023_upload_failure");
    const [person] = await addPeople(database.db, 1);
    const reasons = [
      "The same picture as image 42 is already in the catalog",
      "Your creator page was removed; please upload the image again",
      "The uploaded file is missing; please upload it again",
      "The image file is damaged and cannot be read (VipsJpeg: Premature end of input file)",
      "The file could not be processed; please try again",
      "Not an image file (expected JPEG, PNG, WebP, AVIF, GIF or TIFF)",
    ];
    for (const reason of reasons) {
      await database.pool.query("insert into uploads (user_id, file_name, status, reason, fields) values ($1, 'a.jpg', 'failed', $2, '{}')", [person!.id, reason]);
    }

    await migrateDatabase(database.pool);

    const { rows } = await database.pool.query<{ reason: string; failure: unknown }>("select reason, failure from uploads");
    const failure = (reason: string) => rows.find((row) => row.reason === reason)?.failure;
    expect(reasons.map(failure)).toEqual([
      { code: "duplicate", values: { image: 42 } },
      { code: "creatorRemoved", values: {} },
      { code: "fileMissing", values: {} },
      { code: "damaged", values: { detail: "VipsJpeg: Premature end of input file" } },
      { code: "failed", values: {} },
      // A refusal that never had a code keeps its English words (the page shows `reason`).
      null,
    ]);
  });
});
