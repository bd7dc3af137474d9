import sharp, { type Sharp } from "sharp";
import type { ColorName } from "#contracts/catalog-constants";

/**
 * The named colours of a picture, for the colour filter: the picture shrunk to 32 × 32, each
 * pixel named by its hue, lightness and chroma, and the names that cover a fair share of it
 * kept, most covered first. A single dominant colour would miss the blue sky above a yellow
 * field; a palette keeps both.
 */

const SIDE = 32;
/** A name is kept when at least this share of the pixels has it. */
const MIN_SHARE = 0.1;
/** At most this many names per picture, most covered first. */
const MAX_NAMES = 4;

/** Hue ranges (degrees, start inclusive) of the chromatic names, in order round the wheel. */
const hues: Array<[number, ColorName]> = [
  [0, "red"],
  [15, "orange"],
  [40, "yellow"],
  [70, "green"],
  [165, "teal"],
  [185, "cyan"],
  [200, "blue"],
  [255, "purple"],
  [290, "magenta"],
  [330, "pink"],
  [345, "red"],
];

/** The name of one colour (channels 0–255). */
export function colorName(r: number, g: number, b: number): ColorName {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const chroma = max - min;
  const lightness = (max + min) / 2;
  if (lightness < 0.12) return "black";
  if (lightness > 0.93) return "white";
  if (chroma < 0.12) return lightness < 0.2 ? "black" : lightness > 0.85 ? "white" : "gray";
  let hue: number;
  const [R, G, B] = [r / 255, g / 255, b / 255];
  if (max === R) hue = ((G - B) / chroma + 6) % 6;
  else if (max === G) hue = (B - R) / chroma + 2;
  else hue = (R - G) / chroma + 4;
  hue *= 60;
  const name = hues.findLast(([start]) => hue >= start)![1];
  // Dark oranges and yellows, and greyish ones, are what people call brown; light reds are pink.
  if ((name === "orange" || name === "yellow") && (lightness < 0.35 || (name === "orange" && chroma < 0.35 && lightness < 0.6))) return "brown";
  if (name === "red" && lightness > 0.72) return "pink";
  return name;
}

/** The names covering at least MIN_SHARE of RGB pixels (3 bytes each), most covered first. */
export function namesOf(pixels: Uint8Array): ColorName[] {
  const counts = new Map<ColorName, number>();
  const total = pixels.length / 3;
  for (let i = 0; i < pixels.length; i += 3) {
    const name = colorName(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n / total >= MIN_SHARE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_NAMES)
    .map(([name]) => name);
}

/** The colour names of a picture (any size; transparency counts as white). */
export async function colorLabels(image: Sharp): Promise<ColorName[]> {
  const pixels = await image.resize(SIDE, SIDE, { fit: "fill" }).flatten({ background: "#ffffff" }).removeAlpha().raw().toBuffer();
  return namesOf(pixels);
}

/** The colour names of an image file. */
export function colorLabelsOfFile(file: Buffer): Promise<ColorName[]> {
  return colorLabels(sharp(file, { failOn: "none" }));
}
