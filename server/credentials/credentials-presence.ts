import { open } from "node:fs/promises";
import { credentialsFormat } from "./reader.ts";

/** JPEG markers: the segment Content Credentials are embedded in (JUMBF), start of scan, end of image. */
const APP11 = 0xeb;
const SOS = 0xda;
const EOI = 0xd9;

type ReadAt = (at: number, length: number) => Promise<Buffer>;

/** A JPEG carries its manifest store in APP11 segments, among those before its image data. */
async function jpegMay(read: ReadAt): Promise<boolean> {
  for (let at = 2; ; ) {
    const header = await read(at, 4);
    if (header.length < 4 || header[0] !== 0xff) return true;
    const marker = header[1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === APP11) return true;
    if (marker === SOS || marker === EOI) return false;
    at += 2 + header.readUInt16BE(2);
  }
}

/** A PNG carries its manifest store in a `caBX` chunk, anywhere before IEND. */
async function pngMay(read: ReadAt): Promise<boolean> {
  for (let at = 8; ; ) {
    const header = await read(at, 8);
    if (header.length < 8) return true;
    const type = header.toString("latin1", 4, 8);
    if (type === "caBX") return true;
    if (type === "IEND") return false;
    at += 12 + header.readUInt32BE(0);
  }
}

/**
 * Whether the image file at `path` may carry Content Credentials, from its structure, read a
 * few bytes at a time: a JPEG or a PNG without the segment or chunk that holds them carries
 * none. Any other type, or a structure that cannot be followed, may: the reader then reads the
 * file to tell, whole, as the C2PA library takes it (decision 037).
 */
export async function mayCarryCredentials(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const read: ReadAt = async (at, length) => {
      const bytes = Buffer.alloc(length);
      const { bytesRead } = await handle.read(bytes, 0, length, at);
      return bytes.subarray(0, bytesRead);
    };
    const format = credentialsFormat(await read(0, 16));
    if (format === "image/jpeg") return await jpegMay(read);
    if (format === "image/png") return await pngMay(read);
    return format !== null;
  } finally {
    await handle.close();
  }
}
