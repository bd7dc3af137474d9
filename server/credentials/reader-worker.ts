import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import type { ReaderJob, ThreadAnswer, UploadReading } from "./reader-pool.ts";
import { parentArchive, readCredentials } from "./reader.ts";

/**
 * A thread of the reader pool (server/credentials/reader-pool.ts): reads one file at a time,
 * given as bytes or, for an upload, as a path it reads itself. Should the library itself fail
 * (a WebAssembly trap), its memory may be left in any state: the answer says so, and the pool
 * ends the thread.
 */
const answer = (message: ThreadAnswer, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

parentPort!.on("message", async (job: ReaderJob) => {
  try {
    if ("bytes" in job) return answer({ report: await readCredentials(job.bytes, job.trustAnchorPem) });
    const bytes = new Uint8Array(readFileSync(job.path));
    const report = await readCredentials(bytes);
    let parent: UploadReading["parent"] = null;
    // The reader read them in bounded time: the library reads them once more, the same way, to keep them.
    if (report.state !== null && report.format) parent = await parentArchive(bytes, report.format, job.title).catch(() => "unreadable" as const);
    answer({ report, parent }, parent instanceof Uint8Array ? [parent.buffer as ArrayBuffer] : []);
  } catch {
    answer({ failed: true });
  }
});
