/**
 * Lossless JPEG metadata surgery: the compressed picture is copied byte for byte, only the
 * segments around it change. Kept: JFIF (APP0), the ICC profile (APP2 `ICC_PROFILE`), Adobe's
 * colour transform (APP14, needed to decode CMYK/YCCK) and every coding segment. Dropped: EXIF
 * and XMP (APP1: GPS, camera, serial numbers), IPTC (APP13), every other APPn, comments, and
 * whatever follows the end of the image (embedded previews).
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const XMP_NAMESPACE = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");
const MAX_SEGMENT = 0xffff;

class JpegStructureError extends Error {
  override name = "JpegStructureError";
}

function startsWith(data: Buffer, at: number, text: string): boolean {
  return data.toString("latin1", at, at + text.length) === text;
}

/** Whether an APPn/COM segment at `at` (marker byte `marker`, payload from at + 4) is one to keep. */
function keepSegment(data: Buffer, marker: number, at: number): boolean {
  if (marker === APP0) return startsWith(data, at + 4, "JFIF\0");
  if (marker === APP2) return startsWith(data, at + 4, "ICC_PROFILE\0");
  if (marker === APP14) return startsWith(data, at + 4, "Adobe");
  return !(marker >= APP0 && marker <= 0xef) && marker !== COM;
}

/** Index just past the entropy-coded data that starts at `from` (at the next marker that is not a restart or a stuffed byte). */
function endOfScan(data: Buffer, from: number): number {
  for (let i = from; i < data.length - 1; i++) {
    if (data[i] !== 0xff) continue;
    const next = data[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return i;
  }
  throw new JpegStructureError("The JPEG ends inside its image data");
}

/** The JPEG without its metadata segments (see above); throws when the file's structure cannot be followed. */
export function stripJpeg(data: Buffer): Buffer {
  if (data[0] !== 0xff || data[1] !== SOI) throw new JpegStructureError("Not a JPEG");
  const parts: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 2 > data.length || data[at] !== 0xff) throw new JpegStructureError(`No marker at byte ${at}`);
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === EOI) {
      parts.push(data.subarray(at, at + 2));
      return Buffer.concat(parts);
    }
    if (at + 4 > data.length) throw new JpegStructureError("The JPEG ends inside a segment header");
    const end = at + 2 + data.readUInt16BE(at + 2);
    if (end > data.length) throw new JpegStructureError("A segment runs past the end of the file");
    if (marker === SOS) {
      const scanEnd = endOfScan(data, end);
      parts.push(data.subarray(at, scanEnd));
      at = scanEnd;
      continue;
    }
    if (keepSegment(data, marker, at)) parts.push(data.subarray(at, end));
    at = end;
  }
}

/** `jpeg` with an XMP segment (APP1) holding `xmp`, placed after SOI and JFIF; the picture is untouched. */
export function withJpegXmp(jpeg: Buffer, xmp: string): Buffer {
  const payload = Buffer.concat([XMP_NAMESPACE, Buffer.from(xmp, "utf8")]);
  if (payload.length + 2 > MAX_SEGMENT) throw new Error("The XMP label is too long for one JPEG segment");
  const header = Buffer.from([0xff, APP1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === APP0) at = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, at), header, payload, jpeg.subarray(at)]);
}
