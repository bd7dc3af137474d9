import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";

const db = await testDatabase();

describe("the PostgreSQL the suite runs on", () => {
  it("is 15 or newer, as README promises, and is the one TEST_POSTGRES_BIN names when set", async () => {
    const { rows } = await db.pool.query<{ server_version_num: string }>("show server_version_num");
    const major = Math.floor(Number(rows[0]!.server_version_num) / 10_000);
    expect(major).toBeGreaterThanOrEqual(15);
    const bin = process.env.TEST_POSTGRES_BIN;
    if (bin) {
      // "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
      const version = execFileSync(path.join(bin, "postgres"), ["--version"], { encoding: "utf8" });
      expect(major).toBe(Number(/\(PostgreSQL\) (\d+)/.exec(version)?.[1]));
    }
  });
});
