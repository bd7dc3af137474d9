import { parentPort } from "node:worker_threads";
import { readCredentials } from "./reader.ts";

/**
 * A thread of the reader pool (server/credentials/reader-pool.ts): reads one file at a time.
 * Should the library itself fail (a WebAssembly trap), its memory may be left in any state: the
 * answer says so, and the pool ends the thread.
 */
parentPort!.on("message", async ({ bytes, trustAnchorPem }: { bytes: Uint8Array; trustAnchorPem?: string }) => {
  try {
    parentPort!.postMessage({ report: await readCredentials(bytes, trustAnchorPem) });
  } catch {
    parentPort!.postMessage({ failed: true });
  }
});
