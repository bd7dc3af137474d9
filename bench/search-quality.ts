import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { demoItems, type DemoItem } from "../server/catalog/demo/demo-catalog.ts";
import { addImages, catalogService } from "../server/catalog/test-fixtures.ts";
import { connect, createDatabaseIfMissing, migrateDatabase, withDatabase } from "../server/db/database.ts";
import { startEmbeddedPostgres } from "../server/db/embedded-postgres.ts";
import { JUDGED_QUERIES, relevant } from "./search-judgments.ts";

/**
 * `npm run bench:search`: how well search finds what people look for. The demo catalog's words
 * (150 images, seed 1; metadata only, no files) in a scratch embedded PostgreSQL, and the
 * judged queries of search-judgments.ts, each asked as the gallery asks (30 a page): precision
 * at 5 (of the first five, how many a person expects, out of at most as many as there are) and
 * recall at 30 (of the images a person expects, how many the first page shows), per query and
 * their means.
 */

const DEMO_COUNT = 150;
const PAGE = 30;
const TOP = 5;

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "stockroom-bench-search-"));
  chmodSync(dir, 0o755); // PostgreSQL may run as another user, who must reach its folder
  const postgres = await startEmbeddedPostgres({ dir: path.join(dir, "postgres"), password: "bench" });
  try {
    await createDatabaseIfMissing(postgres.url, "bench");
    const database = connect(withDatabase(postgres.url, "bench"));
    try {
      await migrateDatabase(database.pool);
      const items: DemoItem[] = demoItems(DEMO_COUNT, 1, Date.UTC(2026, 0, 1));
      const ids = await addImages(
        database.db,
        items.map((item) => ({
          title: item.title!,
          creator: item.creator,
          tags: [...new Set(item.tags?.map((tag) => tag.toLowerCase()))],
          category: item.category,
          createdAt: item.createdAt!,
          ...(item.howMade && { howMade: item.howMade }),
        })),
      );
      const itemOf = new Map(ids.map((id, i) => [id, items[i]!]));
      const catalog = catalogService(database.db);
      const widths = [28, 9, 7, 7];
      const cell = (text: string, i: number) => (i === 0 ? text.padEnd(widths[i]!) : text.padStart(widths[i]!));
      console.log(["query", "expected", "P@5", "R@30"].map(cell).join("  "));
      let precision = 0;
      let recall = 0;
      for (const judged of JUDGED_QUERIES) {
        const expected = new Set(ids.filter((id) => relevant(judged, itemOf.get(id)!)));
        if (!expected.size) throw new Error(`No demo image is expected for "${judged.q}": fix its judgment`);
        const found = (await catalog.list({ q: judged.q, limit: PAGE })).items.map((item) => item.id);
        const p = found.slice(0, TOP).filter((id) => expected.has(id)).length / Math.min(TOP, expected.size);
        const r = found.filter((id) => expected.has(id)).length / Math.min(PAGE, expected.size);
        precision += p;
        recall += r;
        console.log([judged.q, String(expected.size), p.toFixed(2), r.toFixed(2)].map(cell).join("  "));
      }
      const n = JUDGED_QUERIES.length;
      console.log(["overall (mean)", String(n), (precision / n).toFixed(3), (recall / n).toFixed(3)].map(cell).join("  "));
      await catalog.close();
    } finally {
      await database.close();
    }
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
