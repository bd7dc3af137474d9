import type { Sharp } from "sharp";

/**
 * A perceptual hash (dHash, 64 bits): the picture in grey at 9 × 8, one bit per pair of
 * horizontal neighbours (is the left one brighter?). Resizing, re-encoding and small colour
 * changes keep it within a few bits; different pictures differ in about half of them. As a
 * signed 64-bit integer, for a PostgreSQL bigint.
 */
export async function visualHash(image: Sharp): Promise<bigint> {
  const pixels = await image.flatten({ background: "#ffffff" }).greyscale().resize(9, 8, { fit: "fill" }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) hash = (hash << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
  }
  return BigInt.asIntN(64, hash);
}
