import { scratchDir } from "../../test/scratch-dir.ts";
import { createContentSigner } from "../credentials/signer.ts";
import { identityOf, makeIdentity, SITE_NAME } from "../credentials/signing-identity.ts";
import { createImagePool, type Imaging } from "./image-pool.ts";
import { buffer } from "node:stream/consumers";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { processImage, type StoreObject } from "./variants.ts";

/** Image files for tests: real ones rendered by sharp, and deliberately broken ones. */

/** The license URL tests label files with. */
export const TEST_LICENSE_URL = "http://stockroom.test/license";

/** Image work in tests: two at a time, the default limit of 100 megapixels, work files in a scratch folder, and a signing identity of the test file's own. */
export const TEST_IMAGING: Imaging = {
  pool: createImagePool(2),
  maxPixels: 100_000_000,
  scratchDir: scratchDir("work"),
  signer: createContentSigner(async () => {
    const made = await makeIdentity(SITE_NAME);
    return identityOf(made.certPem, made.keyPem);
  }),
};

/** Objects stored in memory, for a test to look at what image work stored: `store` keeps them in `objects` by key. */
export function objectsInMemory(): { objects: Map<string, Buffer>; store: StoreObject } {
  const objects = new Map<string, Buffer>();
  return { objects, store: async (key, data) => void objects.set(key, Buffer.isBuffer(data) ? data : await buffer(data())) };
}

/** processImage of `input`, labelled with `xmp`, its files stored in memory: what it gives, and `objects` by key. */
export async function processedInMemory(input: Buffer, xmp: string) {
  const { objects, store } = objectsInMemory();
  return { ...(await processImage(input, xmp, TEST_IMAGING, store)), objects };
}

export function solidImage(width: number, height: number, color: string, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

/**
 * A picture unlike any other `seed`'s: coloured noise, so that the import's duplicate check
 * (a perceptual hash and colours, decision 019) never takes two of them for copies.
 */
export function distinctImage(width: number, height: number, seed: number, format: "png" | "jpeg" = "jpeg"): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = (seed * 2654435761 + 1) >>> 0 || 1;
  for (let i = 0; i < pixels.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = state & 0xff;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
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

/** A photo as a phone leaves it: GPS position, camera make, model and serial in EXIF, a Display P3 colour profile. */
export function photoWithGps(width: number, height: number, seed?: number): Promise<Buffer> {
  // A `seed` makes it a picture of its own (distinctImage), for tests that import several.
  const picture = seed === undefined ? splitImage(width, height, "#2f6f4f", "#d9a441") : distinctImage(width, height, seed);
  return picture.then((jpeg) =>
    sharp(jpeg)
      .withExif({
        IFD0: { Make: "Canon", Model: "EOS R5", Software: "Firmware 1.8.1" },
        IFD2: { BodySerialNumber: "052021001234" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2981/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 17/1 4021/100" },
      })
      .withIccProfile("p3")
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

/** What a file's XMP packet says (read by libvips, parsed here), and whether any EXIF or maker text is left. */
export async function readLabel(file: Buffer) {
  const meta = await sharp(file).metadata();
  const xmp = meta.xmp?.toString("utf8") ?? "";
  const unescape = (text: string | undefined) =>
    text?.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const attribute = (name: string) => unescape(new RegExp(`${name}="([^"]*)"`).exec(xmp)?.[1]);
  const listItem = (element: string) => unescape(new RegExp(`<${element}>\\s*<rdf:(?:Alt|Seq|Bag)>\\s*<rdf:li[^>]*>([^<]*)</rdf:li>`).exec(xmp)?.[1]);
  const text = file.toString("latin1");
  return {
    digitalSourceType: attribute("Iptc4xmpExt:DigitalSourceType"),
    title: listItem("dc:title"),
    creator: listItem("dc:creator"),
    licenseUrl: attribute("xmpRights:WebStatement"),
    exif: meta.exif !== undefined,
    iptc: meta.iptc !== undefined,
    /** Traces of the camera's EXIF anywhere in the bytes. */
    makerText: ["Canon", "EOS R5", "052021001234", "Firmware"].some((s) => text.includes(s)),
    iccBytes: meta.icc?.length ?? 0,
    format: meta.format,
  };
}
