import { Transform } from "node:stream";

/**
 * Lossless JPEG metadata surgery as the file streams: the compressed picture is copied byte for
 * byte, only the segments around it change, and no more than a segment header is held at once.
 * Kept: JFIF (APP0), the ICC profile (APP2 `ICC_PROFILE`), Adobe's colour transform (APP14,
 * needed to decode CMYK/YCCK) and every coding segment. Dropped: EXIF and XMP (APP1: GPS,
 * camera, serial numbers), IPTC (APP13), every other APPn, comments, and whatever follows the
 * end of the image (embedded previews).
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const XMP_NAMESPACE = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");
const MAX_SEGMENT = 0xffff;
/** What tells a kept APPn segment: its marker, its length and its longest signature (`ICC_PROFILE\0`). */
const SIGNATURE_BYTES = 4 + 12;

class JpegStructureError extends Error {
  override name = "JpegStructureError";
}

function startsWith(data: Buffer, at: number, text: string): boolean {
  return data.toString("latin1", at, at + text.length) === text;
}

/** Whether the segment whose first bytes (marker and length included) are `head` is one to keep. */
function keepSegment(head: Buffer, marker: number): boolean {
  if (marker === APP0) return startsWith(head, 4, "JFIF\0");
  if (marker === APP2) return startsWith(head, 4, "ICC_PROFILE\0");
  if (marker === APP14) return startsWith(head, 4, "Adobe");
  return !(marker >= APP0 && marker <= APP15) && marker !== COM;
}

/** An XMP segment (APP1) holding `xmp`. */
function xmpSegment(xmp: string): Buffer {
  const payload = Buffer.concat([XMP_NAMESPACE, Buffer.from(xmp, "utf8")]);
  if (payload.length + 2 > MAX_SEGMENT) throw new Error("The XMP label is too long for one JPEG segment");
  const header = Buffer.from([0xff, APP1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** Whether the two bytes 0xFF `next` inside entropy-coded data belong to it: a stuffed zero, a restart marker, or fill. */
const insideScan = (next: number) => next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff;

/**
 * A stream that lets a JPEG through without its metadata segments (see above) and, when `xmp`
 * is given, with an XMP segment (APP1) holding it after SOI and JFIF; the picture untouched. It
 * fails when the file's structure cannot be followed, or the file ends before its end of image.
 */
export function jpegStripper(xmp?: string): Transform {
  let label = xmp === undefined ? null : xmpSegment(xmp);
  let pending: Buffer = Buffer.alloc(0);
  /** Where pending[0] is in the file (for messages). */
  let at = 0;
  let state: "start" | "marker" | "segment" | "scan" | "end" = "start";
  /** Of the segment being passed or dropped: its bytes still to come, whether it is kept, what follows it. */
  let remaining = 0;
  let keep = false;
  let next: "marker" | "scan" = "marker";
  let firstKept = true;

  const take = (n: number) => {
    const part = pending.subarray(0, n);
    pending = pending.subarray(n);
    at += n;
    return part;
  };

  /** Consumes what it can of `pending`, pushing what is kept to `out`; returns when it needs more bytes. */
  const parse = (out: Buffer[]) => {
    for (;;) {
      if (state === "end") {
        take(pending.length);
        return;
      }
      if (state === "start") {
        if (pending.length < 2) return;
        if (pending[0] !== 0xff || pending[1] !== SOI) throw new JpegStructureError("Not a JPEG");
        out.push(take(2));
        state = "marker";
      } else if (state === "segment") {
        if (!pending.length) return;
        const part = take(Math.min(remaining, pending.length));
        if (keep) out.push(part);
        remaining -= part.length;
        if (remaining === 0) state = next;
      } else if (state === "scan") {
        // Up to the next marker that is not a restart, a stuffed byte or fill.
        let i = pending.indexOf(0xff);
        while (i !== -1 && i < pending.length - 1 && insideScan(pending[i + 1]!)) i = pending.indexOf(0xff, i + 1);
        if (i === -1) {
          out.push(take(pending.length));
          return;
        }
        out.push(take(i));
        if (pending.length < 2) return; // a 0xFF at the end of what came: the next byte tells
        state = "marker";
      } else {
        if (pending.length < 2) return;
        if (pending[0] !== 0xff) throw new JpegStructureError(`No marker at byte ${at}`);
        const marker = pending[1]!;
        if (marker === 0xff) {
          take(1); // fill byte
          continue;
        }
        if (marker === EOI) {
          if (label) out.push(label);
          out.push(take(2));
          state = "end";
          continue;
        }
        if (pending.length < 4) return;
        const length = 2 + pending.readUInt16BE(2);
        if (length < 4) throw new JpegStructureError(`A segment at byte ${at} is shorter than its header`);
        const metadata = (marker >= APP0 && marker <= APP15) || marker === COM;
        if (metadata && pending.length < Math.min(SIGNATURE_BYTES, length)) return;
        keep = keepSegment(pending.subarray(0, length), marker);
        if (keep) {
          // The label goes after SOI and the JFIF segment that leads, before anything else kept.
          if (label && !(firstKept && marker === APP0)) {
            out.push(label);
            label = null;
          }
          firstKept = false;
        }
        remaining = length;
        next = marker === SOS ? "scan" : "marker";
        state = "segment";
      }
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const out: Buffer[] = [];
      try {
        parse(out);
      } catch (error) {
        done(error as Error);
        return;
      }
      for (const part of out) this.push(part);
      done();
    },
    flush(done) {
      done(state === "end" ? null : new JpegStructureError(state === "scan" ? "The JPEG ends inside its image data" : `The JPEG ends at byte ${at}, before its end of image`));
    },
  });
}
