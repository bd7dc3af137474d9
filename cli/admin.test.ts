import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabase } from "../test/database.ts";
import { output, runScript } from "../test/processes.ts";
import { addPeople } from "../test/people-and-images.ts";

const { db, url } = await testDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "stockroom-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin -- ...args` as an operator would, against the test database. */
async function admin(...args: string[]) {
  const run = runScript("cli/admin.ts", { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "error", BASE_URL: "http://localhost:3000" }, args);
  const { code } = await run.exit;
  return { code, text: output(run) };
}

describe("npm run admin", () => {
  it("grants admin and creator roles by email, lists them and revokes them", async () => {
    const [ana, ben] = await addPeople(db, 2);
    expect(await admin("list")).toEqual({ code: 0, text: "No creators or admins yet. Make one with: npm run admin -- grant <email>" });
    expect(await admin("grant", ana!.email)).toEqual({ code: 0, text: `${ana!.email} is now an admin (was a member).` });
    expect(await admin("grant", ben!.email, "--role", "creator")).toEqual({ code: 0, text: `${ben!.email} is now a creator (was a member).` });
    expect(await admin("grant", ben!.email, "--role", "creator")).toEqual({ code: 0, text: `${ben!.email} already is a creator.` });
    const listed = await admin("list");
    expect(listed.text.split("\n").sort()).toEqual([`admin    ${ana!.email}  ${ana!.name}`, `creator  ${ben!.email}  ${ben!.name}`].sort());
    expect(await admin("revoke", ana!.email)).toEqual({ code: 0, text: `${ana!.email} is now a member (was an admin).` });
  });

  it("says what is wrong with a command line, and changes nothing", async () => {
    const unknown = await admin("grant", "nobody@example.test");
    expect(unknown).toEqual({ code: 1, text: "admin: No account has the email address nobody@example.test" });
    const [cy] = await addPeople(db, 1);
    const badRole = await admin("grant", cy!.email, "--role", "owner");
    expect(badRole.code).toBe(2);
    expect(badRole.text).toMatch(/^admin: --role must be admin or creator, not "owner"\nUsage: npm run admin/);
    expect((await admin("revoke", "not-an-address")).text).toMatch(/^admin: "not-an-address" is not an email address/);
    expect((await admin("list")).text).not.toContain(cy!.email);
  });
});
