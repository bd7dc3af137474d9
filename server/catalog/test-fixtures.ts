import { SITE_NAME } from "../credentials/signing-identity.ts";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { ColorName } from "#contracts/catalog-constants";
import type { ChangeFeed } from "../db/change-feed.ts";
import type { Db } from "../db/database.ts";
import { images, type ImageVariant } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createCatalogCache } from "./catalog-cache.ts";
import { createSearchRepository } from "../search/search-repository.ts";
import { createSearchService } from "../search/search-service.ts";
import { createCatalogRepository } from "./catalog-repository.ts";
import { createCatalogService } from "./catalog-service.ts";
import { createImportRepository, type StoredFile } from "./import/import-repository.ts";
import { howMadeColumns, type HowMade } from "../image-text/text.ts";

/**
 * Catalog rows for tests, written through the importer's own save (so search_text, tags and
 * creators are what an import writes) with made-up files: no image is decoded.
 */

export interface FixtureImage {
  title: string;
  creator?: string;
  tags?: string[];
  category?: string;
  /** "A picture: {title}." unless given. */
  description?: string;
  createdAt: Date;
  width?: number;
  height?: number;
  bytes?: number;
  likes?: number;
  downloads?: number;
  howMade?: HowMade;
  /** Null: not labelled yet. */
  colors?: ColorName[] | null;
  /** Perceptual hash (server/media/visual-hash.ts); none by default. */
  visualHash?: bigint;
}

/** The files the media pipeline would have stored for an image this size (keys are made up). */
export function fakeFile(width: number, height: number, bytes: number, colors: ColorName[] | null = ["blue"]): StoredFile {
  const hash = randomUUID().replaceAll("-", "").repeat(2);
  const widths = [...[320, 640, 1280, 1920].filter((w) => w < Math.min(width, 2560) * 0.9), Math.min(width, 2560)];
  const variants: ImageVariant[] = widths.flatMap((w) =>
    (["avif", "webp", "jpeg"] as const).map((format) => ({
      format,
      width: w,
      height: Math.round((height * w) / width),
      bytes: w * 100,
      key: `v/${hash.slice(0, 2)}/${hash}-${w}.${format === "jpeg" ? "jpg" : format}`,
    })),
  );
  return {
    width,
    height,
    bytes,
    contentHash: hash,
    dominantColor: "#336699",
    colors,
    visualHash: null,
    placeholder: "YJqGPQw7sFlslqhFafOCe2dvA4pw",
    originalKey: `o/${hash.slice(0, 2)}/${hash}.jpg`,
    originalFormat: "jpeg",
    variants,
    mediaLabel: null,
  };
}

/** Saves the images in order; their ids, in the same order. */
export async function addImages(db: Db, list: FixtureImage[]): Promise<number[]> {
  const repository = createImportRepository(db);
  const ids: number[] = [];
  for (const image of list) {
    const sourceId = randomUUID();
    await repository.save({
      source: "test",
      sourceId,
      slug: image.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-"),
      title: image.title,
      description: image.description ?? `A picture: ${image.title}.`,
      category: image.category ?? "General",
      creator: image.creator ?? "Unknown Artist",
      tags: image.tags ?? [],
      howMade: howMadeColumns(image.howMade),
      createdAt: image.createdAt,
      downloads: image.downloads ?? 0,
      views: 0,
      file: { ...fakeFile(image.width ?? 1600, image.height ?? 1000, image.bytes ?? 1_000_000, image.colors), visualHash: image.visualHash ?? null },
    });
    // A stored like total without the people behind it: enough for the read side's sums.
    const [row] = await db.update(images).set({ likes: image.likes ?? 0 }).where(eq(images.sourceId, sourceId)).returning({ id: images.id });
    ids.push(row!.id);
  }
  return ids;
}

/** Hides images, as moderation does. */
export async function hide(db: Db, ids: number[]): Promise<void> {
  await db.update(images).set({ status: "hidden" }).where(inArray(images.id, ids));
}

/** `n` minutes after a fixed moment: fixtures get distinct, ordered times. */
export function minute(n: number): Date {
  return new Date(Date.UTC(2026, 0, 1, 12, n));
}

export const mediaUrl = (key: string) => `/media/${key}`;

/** The catalog service as the app builds it, with media served under /media; it keeps lists only when given `changes`. */
export function catalogService(db: Db, changes?: ChangeFeed) {
  return createCatalogService({
    catalog: createCatalogRepository(db),
    log: createLogger("silent"),
    publicUrl: mediaUrl,
    cache: createCatalogCache(changes),
    secret: "test-secret",
    search: createSearchService({ search: createSearchRepository(db) }),
    contentSigner: async () => SITE_NAME,
  });
}
