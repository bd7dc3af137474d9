import { rm } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { writeNewFile } from "./local-files.ts";
import { checkHeader, imageHeader, inspectImage } from "./variants.ts";

/** The first bytes of a file whose header is checked while the rest streams in: enough for sharp to read a JPEG's or a PNG's. */
const HEAD_BYTES = 1024 * 1024;

/**
 * Writes an image file as it arrives to a file of its own under `dir`, never holding more than
 * its first MB in memory, and refuses it as inspectImage does (variants.ts): as soon as that
 * first MB is in when sharp can read the header from it (JPEG, PNG), so a file refused for its
 * size or format stops there; otherwise (WebP, AVIF, GIF and TIFF keep what sharp needs further
 * on) from the whole file, sharp reading only what it needs of it. The file's path; the caller
 * removes it. A refused or broken-off file leaves nothing behind.
 */
export async function receiveImage(body: Readable, dir: string, maxPixels: number): Promise<string> {
  let head: Buffer[] | null = [];
  let headBytes = 0;
  let checked = false;
  const checkHead = async (bytes: Buffer) => {
    const header = await imageHeader(bytes);
    if (header) {
      checkHeader(header, maxPixels);
      checked = true;
    }
  };
  const headCheck = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < HEAD_BYTES) return done(null, chunk);
      const bytes = Buffer.concat(head);
      head = null;
      checkHead(bytes).then(() => done(null, chunk), done);
    },
  });
  let file: string | undefined;
  try {
    // Read without destroying `body` when the file is refused: its sender still gets the answer.
    file = await writeNewFile(dir, body.iterator({ destroyOnReturn: false }), headCheck);
    if (!checked) await inspectImage(file, maxPixels);
    return file;
  } catch (error) {
    body.resume(); // the rest of a refused file is read and dropped
    if (file) await rm(file, { force: true });
    throw error;
  }
}
