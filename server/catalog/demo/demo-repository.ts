import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { CATALOG_CHANGES } from "../catalog-cache.ts";
import { dailyActivity, images, likes, searchQueries, user } from "../../db/schema.ts";
import { DEMO_SEARCH_VISITOR, type DemoHistory } from "./demo-history.ts";

export type DemoRepository = ReturnType<typeof createDemoRepository>;

/** The SQL that only the demo catalog needs: what it finds before seeding, the lock it seeds under, its history. */
export function createDemoRepository(db: Db) {
  return {
    /** How many images there are, and how many of them came from `source`. */
    async counts(source: string): Promise<{ all: number; fromSource: number }> {
      const [row] = await db
        .select({ all: sql<number>`count(*)::int`, fromSource: sql<number>`(count(*) filter (where ${images.source} = ${source}))::int` })
        .from(images);
      return row ?? { all: 0, fromSource: 0 };
    },

    /**
     * The demo history (demo-history.ts), in one transaction: the demo
     * visitors (accounts with no way to sign in) with their sign-up times, the days of the
     * images of `source` it names, their likes by demo visitors, each image's stored like count
     * made its like rows' count, and the demo searches in place of any earlier demo's.
     */
    async recordHistory(source: string, history: DemoHistory): Promise<void> {
      const json = (rows: unknown[]) => JSON.stringify(rows);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ${user} (id, name, email, created_at, updated_at)
          select 'demo-visitor-' || v.visitor, 'Demo visitor ' || v.visitor, 'visitor-' || v.visitor || '@demo.stockroom.invalid', v.at, v.at
          from json_to_recordset(${json(history.visitors)}::json) as v(visitor int, at timestamptz)
          on conflict do nothing`);
        await tx.execute(sql`
          insert into ${dailyActivity} as d (day, image_id, views, downloads, likes)
          select h.day, ${images.id}, h.views, h.downloads, h.likes
          from json_to_recordset(${json(history.days)}::json) as h("sourceId" text, day date, views int, downloads int, likes int)
          join ${images} on ${images.source} = ${source} and ${images.sourceId} = h."sourceId"
          on conflict (day, image_id) do update
            set views = d.views + excluded.views, downloads = d.downloads + excluded.downloads, likes = d.likes + excluded.likes`);
        await tx.execute(sql`
          insert into ${likes} (user_id, image_id, created_at)
          select 'demo-visitor-' || l.visitor, ${images.id}, l.at
          from json_to_recordset(${json(history.likes)}::json) as l("sourceId" text, visitor int, at timestamptz)
          join ${images} on ${images.source} = ${source} and ${images.sourceId} = l."sourceId"
          on conflict do nothing`);
        const liked = [...new Set(history.likes.map((l) => l.sourceId))];
        if (liked.length) {
          await tx.execute(sql`
            update ${images} set likes = (select count(*) from ${likes} where ${likes.imageId} = ${images.id})::int
            where ${images.source} = ${source} and ${images.sourceId} in ${liked}`);
        }
        if (history.searches.length) {
          await tx.execute(sql`delete from ${searchQueries} where ${searchQueries.visitor} like ${`${DEMO_SEARCH_VISITOR}%`}`);
          await tx.execute(sql`
            insert into ${searchQueries} (query, results, created_at, visitor)
            select s.query, s.results, s.at, s.visitor from json_to_recordset(${json(history.searches)}::json) as s(query text, results int, at timestamptz, visitor text)`);
        }
      });
    },

    /**
     * Tells every instance that what the catalog's pages show changed (as the catalog's
     * triggers do), at once.
     */
    async announceCatalogChange(): Promise<void> {
      await db.execute(sql`select pg_notify(${CATALOG_CHANGES}, 'content')`);
    },

    /**
     * Runs `work` while holding a database-wide advisory lock, so that instances starting at
     * the same moment take turns (the lock's transaction stays open, idle, meanwhile). Waiting
     * for the lock is no request's statement: it may last as long as another instance's work,
     * past DB_STATEMENT_TIMEOUT_MS.
     */
    async exclusively<T>(lockId: number, work: () => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
        return work();
      });
    },
  };
}
