import type { DemoItem } from "../server/catalog/demo/demo-catalog.ts";

/**
 * The judged queries of `npm run bench:search`, over the demo catalog: what people type, and
 * which images they expect, written as the words a person would accept for each idea of the
 * query (any word of a group, every group). An image is expected when its title, tags or
 * category say every idea, as whole words. Typing mistakes expect what the word meant.
 */

export interface JudgedQuery {
  q: string;
  /** Every group must be met by one of its words or phrases. */
  expect: string[][];
}

const MOUNTAIN = ["mountain", "mountains", "peaks", "summits", "ridges", "ranges", "highlands"];
const SEA = ["sea", "ocean", "coast", "coastal", "tidal", "waves"];
const SUNSET = ["sunset", "sunsets"];
const AURORA = ["aurora", "northern lights", "polar lights"];
const NIGHT = ["night", "night sky", "midnight"];
const STARS = ["stars", "star", "sparkle"];
const DESERT = ["desert", "dunes", "dune", "sand"];
const HILLS = ["hills", "hill", "valley", "meadow", "countryside"];
const PATTERN = ["pattern", "patterns", "tiles", "tiled", "mosaic", "geometric", "grid"];
const RETRO = ["retro", "synthwave", "80s", "outrun", "vaporwave"];
const DAWN = ["dawn", "sunrise"];
const VIOLET = ["violet", "purple"];
const BACKGROUND = ["background", "wallpaper"];

export const JUDGED_QUERIES: JudgedQuery[] = [
  { q: "mountains dusk", expect: [MOUNTAIN, ["dusk"]] },
  { q: "dusk mountains", expect: [MOUNTAIN, ["dusk"]] },
  { q: "mountains at dusk", expect: [MOUNTAIN, ["dusk"]] },
  { q: "endless mountains", expect: [["endless"], MOUNTAIN] },
  { q: "misty peaks", expect: [["misty", "hazy", "haze"], MOUNTAIN] },
  { q: "landscapes", expect: [["landscape", "landscapes"]] },
  { q: "landscape", expect: [["landscape", "landscapes"]] },
  { q: "sunsets", expect: [SUNSET] },
  { q: "sunset sea", expect: [SUNSET, SEA] },
  { q: "sunset over the sea", expect: [SUNSET, SEA] },
  { q: "ocean sunset", expect: [SUNSET, SEA] },
  { q: "sea", expect: [SEA] },
  { q: "ocean", expect: [SEA] },
  { q: "ocean waves", expect: [SEA, ["waves", "wave"]] },
  { q: "coastal horizon", expect: [SEA, ["horizon"]] },
  { q: "northern lights", expect: [AURORA] },
  { q: "aurora", expect: [AURORA] },
  { q: "auroras", expect: [AURORA] },
  { q: "polar lights", expect: [AURORA] },
  { q: "night sky stars", expect: [NIGHT, STARS] },
  { q: "stars", expect: [STARS] },
  { q: "desert dunes", expect: [DESERT] },
  { q: "sand dunes", expect: [DESERT] },
  { q: "rolling hills", expect: [HILLS] },
  { q: "hills", expect: [HILLS] },
  { q: "geometric pattern", expect: [PATTERN] },
  { q: "patterns", expect: [PATTERN] },
  { q: "tiles", expect: [["tiles", "tiled"]] },
  { q: "retro sunset", expect: [RETRO, SUNSET] },
  { q: "synthwave", expect: [RETRO] },
  { q: "80s neon", expect: [RETRO, ["neon"]] },
  { q: "gradient background", expect: [["gradient", "wash", "blend", "haze"], BACKGROUND] },
  { q: "wallpaper", expect: [BACKGROUND] },
  { q: "bokeh lights", expect: [["bokeh"], ["lights", "light"]] },
  { q: "festive lights", expect: [["festive", "celebration", "holiday"], ["lights"]] },
  { q: "dawn", expect: [DAWN] },
  { q: "sunrise", expect: [DAWN] },
  { q: "winter morning", expect: [["winter morning", "winter"]] },
  { q: '"golden hour"', expect: [["golden hour"]] },
  { q: "montain", expect: [MOUNTAIN] },
  { q: "muntains", expect: [MOUNTAIN] },
  { q: "sunest", expect: [SUNSET] },
  { q: "forest", expect: [["forest"]] },
  { q: "teal", expect: [["teal"]] },
  { q: "violet", expect: [VIOLET] },
  { q: "purple", expect: [VIOLET] },
  { q: "pastel", expect: [["pastel"]] },
  { q: "bauhaus shapes", expect: [["bauhaus", "mid-century"], ["shapes", "geometric"]] },
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a person searching `judged.q` expects this demo image. */
export function relevant(judged: JudgedQuery, item: DemoItem): boolean {
  const text = [item.title, ...(item.tags ?? []), item.category].join(" | ").toLowerCase();
  return judged.expect.every((group) => group.some((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(word)}($|[^\\p{L}\\p{N}])`, "u").test(text)));
}
