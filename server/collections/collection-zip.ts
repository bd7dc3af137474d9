import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";

export interface ZipEntry {
  /** The file's name in the archive. */
  name: string;
  stream: Readable;
  /** Its length in bytes, checked against what the stream gives. */
  size: number;
}

/**
 * A ZIP archive made while it is read, with each file stored as it is (JPEGs gain nothing
 * from deflating): an entry is asked for only when the one before it has gone through, so one
 * file is open at a time and nothing is gathered in memory. When the reader goes away (the
 * archive's stream is destroyed), the file on its way is destroyed and no further entry is
 * asked for; a failing entry destroys the archive's stream with its error.
 */
export function streamingZip(entries: AsyncIterable<ZipEntry>): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  zip.on("error", (error: Error) => output.destroy(error));
  output.once("close", () => current?.destroy());
  void (async () => {
    for await (const entry of entries) {
      if (output.destroyed) {
        entry.stream.destroy();
        return;
      }
      current = entry.stream;
      zip.addReadStream(entry.stream, entry.name, { compress: false, size: entry.size });
      await finished(entry.stream);
      if (output.destroyed) return;
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/**
 * Names files get in one archive: a name met again (in any case, as Windows and macOS compare
 * them) becomes `Name_(2).jpg`, `Name_(3).jpg`, and so on.
 */
export function uniqueNames(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf(".");
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base}_(${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
