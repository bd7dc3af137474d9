import { fromBufferPromise } from "yauzl";
import { bytesOf } from "../server/media/download.ts";

export interface UnzippedFile {
  name: string;
  /** 0: stored as is; 8: deflated. */
  method: number;
  bytes: Buffer;
}

/** Every file of a ZIP archive, read (and its CRC checked) by yauzl, an independent reader. */
export async function unzip(archive: Buffer): Promise<UnzippedFile[]> {
  const zip = await fromBufferPromise(archive, { lazyEntries: true, strictFileNames: true });
  const files: UnzippedFile[] = [];
  for await (const entry of zip.eachEntry()) {
    files.push({ name: entry.fileName, method: entry.compressionMethod, bytes: await bytesOf(await zip.openReadStreamPromise(entry)) });
  }
  return files;
}
