import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** Image files for tests: real ones rendered by sharp, and deliberately broken ones. */

export function solidImage(width: number, height: number, color: string, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

/** A two-colour picture (left half `left`, right half `right`), so resizes and rotations show. */
export function splitImage(width: number, height: number, left: string, right: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${right}"/><rect width="${Math.floor(width / 2)}" height="${height}" fill="${left}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A valid PNG header that claims `width` × `height` pixels, with almost no image data behind it. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.alloc(16))), chunk("IEND", Buffer.alloc(0))]);
}

/** A JPEG cut off after its first third: the header reads fine, the pixels do not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await splitImage(600, 400, "#204080", "#e0a030");
  return full.subarray(0, Math.floor(full.length / 3));
}
