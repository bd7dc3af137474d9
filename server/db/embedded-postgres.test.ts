import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { memorySettings } from "./embedded-postgres.ts";

const db = await testDatabase();
const GB = 1024 ** 3;

describe("the embedded PostgreSQL's memory", () => {
  it("is sized for the machine: a quarter of its memory as shared buffers, between 128 MB and 4 GB", async () => {
    expect(memorySettings(0.5 * GB)).toContain("shared_buffers=128MB");
    expect(memorySettings(8 * GB)).toEqual(["shared_buffers=2048MB", "effective_cache_size=4096MB", "random_page_cost=1.1"]);
    expect(memorySettings(64 * GB)).toContain("shared_buffers=4096MB");
    // The server the suite runs on was started with them (not PostgreSQL's 128 MB default on a large machine).
    const { rows } = await db.pool.query<{ setting: string; unit: string }>("select setting, unit from pg_settings where name = 'shared_buffers'");
    const blocks = Number(rows[0]!.setting);
    expect(`shared_buffers=${(blocks * 8) / 1024}MB`).toBe(memorySettings()[0]);
  });
});
