import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { addImage } from "../../test/people-and-images.ts";
import { startTestApp } from "./test-app.ts";

/** A search page kept for visitors is rendered once, and still every visitor's search reaches the search log. */

const database = await testDatabase();
const { services, origin } = await startTestApp(database, {}, { pages: true });
await addImage(database.db, services.media, "Lantern Harbour");
await addImage(database.db, services.media, "Lantern Market");

const logged = async () =>
  (await database.db.execute<{ query: string; results: number; visitors: number; n: number }>(sql`
    select query, results, count(distinct visitor)::int as visitors, count(*)::int as n from search_queries group by query, results order by query`)).rows;

describe("kept search pages", () => {
  it("serve one render to many visitors and log each visitor's search with what it found", async () => {
    for (const browser of ["Firefox", "Safari", "Chrome"]) {
      const res = await fetch(`${origin}/?q=Lantern&utm_source=${browser}`, { headers: { "user-agent": browser } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Found 2 images for &quot;Lantern&quot;");
      // A kept page's policy names its inline scripts' hashes; a page rendered per request has a nonce.
      expect(res.headers.get("content-security-policy")).not.toContain("'nonce-");
    }
    await vi.waitFor(async () => expect(await logged()).toEqual([{ query: "Lantern", results: 2, visitors: 3, n: 3 }]), { timeout: 5000 });
  });

  it("log nothing for a tag page that also names a search, as the tag wins", async () => {
    const before = (await logged()).reduce((sum, row) => sum + row.n, 0);
    for (let i = 0; i < 2; i++) expect((await fetch(`${origin}/?tag=anything&q=Lantern`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await logged()).reduce((sum, row) => sum + row.n, 0)).toBe(before);
  });
});
