import { and, eq, sql } from "drizzle-orm";
import type { DownloadSizeName } from "#contracts/catalog-constants";
import type { Db } from "../db/database.ts";
import { creators, images } from "../db/schema.ts";
import { addToToday } from "../db/daily-activity.ts";
import { labelledImageColumns } from "../media/media-repository.ts";

export function createDownloadsRepository(db: Db) {
  return {
    /** What a download of a published image needs: its title, creator and files; null when no published image has this id. */
    async published(imageId: number) {
      const [row] = await db
        .select({ id: images.id, ...labelledImageColumns })
        .from(images)
        .innerJoin(creators, eq(creators.id, images.creatorId))
        .where(and(eq(images.id, imageId), eq(images.status, "published")));
      return row ?? null;
    },

    /**
     * Counts one download in one statement: an event row (with no user: downloads stay
     * anonymous), images.downloads + 1 and the day's downloads + 1. The new count; null when
     * no published image has this id.
     */
    async count(imageId: number, size: DownloadSizeName): Promise<number | null> {
      const { rows } = await db.execute<{ downloads: number }>(sql`
        with counted as (
          update images set downloads = downloads + 1
          where id = ${imageId} and status = 'published'
          returning id, downloads
        ), event as (
          insert into download_events (image_id, size) select id, ${size} from counted
        ), day as (${addToToday("downloads", sql`select id as image_id, 1 as n from counted`)})
        select downloads from counted`);
      return rows[0]?.downloads ?? null;
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
