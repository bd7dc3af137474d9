import sharp from "sharp";
import type { ImportItem, ImportService, ImportSummary } from "../import/import-service.ts";
import type { HowMade } from "../../image-text/text.ts";
import { avatarArt, styles, type StyleName } from "./artworks.ts";
import { demoHistory } from "./demo-history.ts";
import type { DemoRepository } from "./demo-repository.ts";
import { random } from "./random.ts";

/**
 * The demo catalog: generated artworks with fitting titles, tags, creators and counts, the
 * same for the same seed, imported through the ordinary import path (source 'demo').
 */
export const DEMO_SOURCE = "demo";
export const DEFAULT_DEMO_SEED = 1;

const demoCreators: Array<{ name: string; styles: StyleName[] }> = [
  { name: "Aiko Tanaka", styles: ["mountains", "aurora"] },
  { name: "Lena Brandt", styles: ["geometric", "waves"] },
  { name: "Marco Silva", styles: ["seaSunset", "hills"] },
  { name: "Nadia Rahman", styles: ["meshGradient", "bokeh"] },
  { name: "Oskar Lind", styles: ["mountains", "hills"] },
  { name: "Priya Nair", styles: ["retroSun", "geometric"] },
  { name: "Sam Okafor", styles: ["bokeh", "seaSunset"] },
  { name: "Yara Haddad", styles: ["waves", "meshGradient"] },
  { name: "Elliot Reyes", styles: ["aurora", "retroSun", "mountains"] },
  { name: "Ines Duarte", styles: ["seaSunset", "mountains", "meshGradient"] },
];

/** Portrait, landscape and square, in the proportions cameras and screens use. */
const sizes: Array<[number, number]> = [
  [1600, 1067],
  [1600, 900],
  [1080, 1440],
  [1000, 1500],
  [1280, 1280],
];

const DAY = 86_400_000;

const demoModels = ["Stable Diffusion XL 1.0", "FLUX.1 [dev]", "Stable Diffusion 3.5 Large", "Midjourney v6.1", "DALL·E 3"];
const samplers = ["DPM++ 2M Karras", "Euler a", "DDIM", "UniPC"];

/** How a demo image "was made": plausible values, so that the overlay shows them; one image in five says nothing. */
function demoHowMade(seed: number, index: number, art: { title: string; tags: string[] }, size: [number, number], createdAt: Date): HowMade | undefined {
  const rnd = random(seed, index, 7); // a stream of its own: the rest of the item stays as it was
  if (rnd() < 0.2) return undefined;
  return {
    model: rnd.pick(demoModels),
    prompt: `${art.title.toLowerCase()}, ${art.tags.join(", ")}, soft natural light, highly detailed`,
    negativePrompt: rnd() < 0.6 ? "blurry, low quality, watermark, text" : undefined,
    seed: String(rnd.int(1, 2 ** 31 - 1)),
    settings: `steps ${rnd.int(20, 50)}, CFG ${rnd.between(4, 9).toFixed(1)}, sampler ${rnd.pick(samplers)}, ${size[0]} × ${size[1]}`,
    generatedAt: new Date(createdAt.getTime() - rnd.between(0, 3) * DAY),
  };
}

/** A demo image, and how many demo visitors like it (likes are people, never a bare number); its days: demo-history.ts. */
export type DemoItem = ImportItem & { likes: number };

/** Item `index` of the catalog for `seed`: its words and counts now, its file when asked. */
function demoItem(seed: number, index: number, now: number): DemoItem {
  const rnd = random(seed, index);
  const creator = rnd.pick(demoCreators);
  const style = styles[rnd.pick(creator.styles)];
  const [w, h] = rnd.pick(sizes);
  const artSeed = rnd.int(0, 2 ** 31);
  const art = style(w, h, random(artSeed));
  const popularity = Math.pow(rnd(), 3);
  const likesEver = popularity * 180 + rnd() * 6;
  const downloadsPerLike = rnd.between(1.3, 3.2);
  const moreDownloads = rnd() * 25;
  const age = rnd.between(0, 540);
  const createdAt = new Date(now - age * DAY);
  // An image gathers its counts over its first months: a new one has had less time (demo-history.ts spreads them over its days).
  const grown = Math.min(1, (age + 7) / 150);
  const likes = Math.round(likesEver * grown);
  const downloadsEver = likesEver * downloadsPerLike + moreDownloads;
  const downloads = Math.round(downloadsEver * grown);
  return {
    source: DEMO_SOURCE,
    sourceId: `${seed}-${index}`,
    title: art.title,
    tags: art.tags,
    category: art.category,
    creator: creator.name,
    createdAt,
    likes,
    downloads,
    views: Math.round((downloadsEver * rnd.between(4, 11) + rnd() * 300) * grown),
    howMade: demoHowMade(seed, index, art, [w, h], createdAt),
    file: () => sharp(Buffer.from(art.svg)).jpeg({ quality: 90 }).toBuffer(),
  };
}

/** The first `count` items of the catalog for `seed` (files are rendered when imported). */
export function demoItems(count: number, seed = DEFAULT_DEMO_SEED, now = Date.now()): DemoItem[] {
  return Array.from({ length: count }, (_, i) => demoItem(seed, i, now));
}

/** The gallery's first screenful: generated, with its history, before the rest of the demo catalog. */
const FIRST_SCREENFUL = 12;

/** What seedOnStart says when another instance (or command) filled the catalog while it waited its turn. */
export const SEEDED_ELSEWHERE = "seeded elsewhere";

/** Any fixed number: held while deciding whether to seed and seeding. */
export const SEED_LOCK = 7_410_222;

export type DemoCatalog = ReturnType<typeof createDemoCatalog>;

/** Seeding the demo catalog: its images through the import service, its history through its own repository. */
export function createDemoCatalog(deps: { imports: ImportService; repository: DemoRepository }) {
  const { imports, repository } = deps;
  let seeding = false;

  /**
   * Adds the demo images `0..count-1` for `seed` that are not in the catalog yet (so an
   * interrupted seeding resumes), after giving every demo creator an avatar: newest first, as
   * the gallery lists them, so that its first screenful is there, with its history, before
   * the rest; each later image takes its place below the ones already shown.
   */
  async function seed(options: {
    count: number;
    seed?: number;
    signal?: AbortSignal | undefined;
    onProgress?: (done: number, total: number) => void;
  }): Promise<ImportSummary> {
    const seed = options.seed ?? DEFAULT_DEMO_SEED;
    for (const [i, creator] of demoCreators.entries()) {
      await imports.ensureCreatorAvatar(creator.name, () => sharp(Buffer.from(avatarArt(random(seed, 1_000_000 + i)))).png().toBuffer());
    }
    const now = Date.now();
    const items = demoItems(options.count, seed, now);
    const present = await imports.existingSourceIds(
      DEMO_SOURCE,
      items.map((item) => item.sourceId),
    );
    const added = items.filter((item) => !present.has(item.sourceId)).sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());
    const summary: ImportSummary = { imported: 0, updated: 0, skipped: 0, reasons: new Map(), skips: [] };
    for (const batch of [added.slice(0, FIRST_SCREENFUL), added.slice(FIRST_SCREENFUL)]) {
      if (!batch.length || options.signal?.aborted) break;
      const before = summary.imported + summary.updated + summary.skipped;
      const part = await imports.run(batch, { onProgress: (done) => options.onProgress?.(before + done, added.length), signal: options.signal });
      // Also after an interrupted run: the history of the images it imported (the others are left out).
      await repository.recordHistory(DEMO_SOURCE, demoHistory(batch, items, seed, now));
      summary.imported += part.imported;
      summary.updated += part.updated;
      summary.skipped += part.skipped;
      for (const [reason, n] of part.reasons) summary.reasons.set(reason, (summary.reasons.get(reason) ?? 0) + n);
      summary.skips.push(...part.skips);
    }
    return summary;
  }

  return {
    seed,

    /**
     * Whether this instance is seeding the demo catalog on start, or waiting while another
     * instance does: the gallery says so while it is empty, and its pages ask again until it is over.
     */
    get seeding() {
      return seeding;
    },

    /**
     * On start: when the catalog holds nothing but demo images and fewer than `count` of them
     * (a fresh install, or a seeding that was interrupted), adds the missing ones. Instances
     * starting together take turns, so the catalog is seeded once. The server serves meanwhile:
     * when it is over, kept pages are dropped everywhere (they said it was under way).
     */
    async seedOnStart(options: {
      count: number;
      /** Aborted when the server is asked to stop: seeding ends after the images in flight. */
      signal?: AbortSignal;
      progress: (total: number) => { update(done: number): void; stop(): void };
    }): Promise<ImportSummary | typeof SEEDED_ELSEWHERE | null> {
      const { count } = options;
      const needed = ({ all, fromSource }: { all: number; fromSource: number }) => all === fromSource && fromSource < count;
      // An ordinary restart takes no lock and announces nothing.
      if (count === 0 || !needed(await repository.counts(DEMO_SOURCE))) return null;
      seeding = true;
      try {
        return await repository.exclusively(SEED_LOCK, async () => {
          try {
            const counts = await repository.counts(DEMO_SOURCE);
            if (!needed(counts)) return SEEDED_ELSEWHERE;
            const bar = options.progress(count - counts.fromSource);
            try {
              return await seed({ count, signal: options.signal, onProgress: (done) => bar.update(done) });
            } finally {
              bar.stop();
            }
          } finally {
            // Over before it is announced: a page rendered after the announcement knows it.
            seeding = false;
            await repository.announceCatalogChange();
          }
        });
      } finally {
        seeding = false;
      }
    },
  };
}
