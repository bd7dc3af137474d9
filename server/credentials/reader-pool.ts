import { Worker } from "node:worker_threads";
import { credentialsFormat, type CredentialsDamage, type CredentialsReport } from "./reader.ts";

/**
 * Content Credentials of files from outside (a visitor's file on /verify, an upload) read off
 * the server's main thread: in at most `threads` worker threads, kept between files, each file
 * given `timeoutMs` before its thread is ended (and replaced when a file next needs one), so
 * that no file, however it is made, holds the server or the other files up for longer. The
 * files wait their turn in order; the caller bounds their size.
 */
export interface ReaderPool {
  read(bytes: Uint8Array, trustAnchorPem?: string): Promise<CredentialsReport>;
  /** Ends the threads (at shutdown). */
  close(): Promise<void>;
}

/** What a thread answers: the report, or that the library failed (its memory then in any state). */
type ThreadAnswer = { report: CredentialsReport } | { failed: true };

export function createReaderPool({ threads, timeoutMs }: { threads: number; timeoutMs: number }): ReaderPool {
  /** Free places: a thread kept from an earlier file, or undefined where one is to be started. */
  const free: Array<Worker | undefined> = Array.from({ length: threads }, () => undefined);
  const waiting: Array<() => void> = [];
  const running = new Set<Worker>();

  const start = () => {
    const worker = new Worker(new URL("./reader-worker.ts", import.meta.url));
    // An idle thread keeps no process alive; a file being read keeps its own timer.
    worker.unref();
    return worker;
  };

  /** The report of `bytes` read in `worker`; null when the thread must be ended (it failed, or took too long: `damage`). */
  function readIn(worker: Worker, bytes: Uint8Array, trustAnchorPem: string | undefined): Promise<CredentialsReport | CredentialsDamage> {
    return new Promise((resolve) => {
      const finish = (answer: CredentialsReport | CredentialsDamage) => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onFailure).off("exit", onFailure);
        resolve(answer);
      };
      const onMessage = (answer: ThreadAnswer) => finish("report" in answer ? answer.report : "manifest");
      const onFailure = () => finish("manifest");
      const timer = setTimeout(() => finish("slow"), timeoutMs);
      worker.on("message", onMessage).on("error", onFailure).on("exit", onFailure);
      worker.postMessage({ bytes, trustAnchorPem });
    });
  }

  return {
    async read(bytes, trustAnchorPem) {
      while (!free.length) await new Promise<void>((resolve) => waiting.push(resolve));
      const worker = free.pop() ?? start();
      running.add(worker);
      try {
        const answer = await readIn(worker, bytes, trustAnchorPem);
        if (typeof answer !== "string") {
          free.push(worker);
          return answer;
        }
        void worker.terminate();
        free.push(undefined);
        return { format: credentialsFormat(bytes), state: null, failures: [], manifest: null, damage: answer };
      } finally {
        running.delete(worker);
        waiting.shift()?.();
      }
    },
    async close() {
      await Promise.all([...free, ...running].map((worker) => worker?.terminate()));
    },
  };
}
