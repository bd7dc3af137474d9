import { stat } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import type { CredentialsDamage } from "#contracts/credentials-damage";
import { credentialsFormat, type CredentialsReport } from "./reader.ts";

/**
 * Content Credentials of files from outside (a visitor's file on /verify, an upload) read off
 * the server's main thread: in at most `threads` worker threads, kept between files, each file
 * given `timeoutMs` before its thread is ended (and replaced when a file next needs one), so
 * that no file, however it is made, holds the server or the other files up for longer. The
 * files wait their turn in order; the caller bounds their size. The library reads a file whole
 * into its WebAssembly memory, which only grows: a thread that read a file over
 * KEEP_THREAD_MAX_BYTES is ended after it, so that the memory goes back to the system.
 */
export interface ReaderPool {
  /** The report of `bytes` (/verify: a visitor's file, held already), its chains trusted up to `trustAnchorPem`. */
  read(bytes: Uint8Array, trustAnchorPem?: string): Promise<CredentialsReport>;
  /**
   * The report of the uploaded file at `path`, read by the thread (the server's thread never
   * holds it), and `parent`: when it carries credentials that were read, their manifest store as
   * the library's archive of one `parentOf` ingredient titled `title` ("unreadable": the library
   * could not make it).
   */
  readUpload(path: string, title: string): Promise<UploadReading>;
  /** Ends the threads (at shutdown). */
  close(): Promise<void>;
}

export interface UploadReading {
  report: CredentialsReport;
  parent: Uint8Array | "unreadable" | null;
}

/** What a thread is asked (reader-worker.ts). */
export type ReaderJob = { bytes: Uint8Array; trustAnchorPem?: string } | { path: string; title: string };

/** What a thread answers: the report (and for an upload its parent), or that the library failed (its memory then in any state). */
export type ThreadAnswer = { report: CredentialsReport; parent?: UploadReading["parent"] } | { failed: true };

const KEEP_THREAD_MAX_BYTES = 8 * 1024 * 1024;

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

  /** The thread's answer to `job`, or why the thread must be ended (it failed, or took too long). */
  function askIn(worker: Worker, job: ReaderJob): Promise<UploadReading | CredentialsDamage> {
    return new Promise((resolve) => {
      const finish = (answer: UploadReading | CredentialsDamage) => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onFailure).off("exit", onFailure);
        resolve(answer);
      };
      const onMessage = (answer: ThreadAnswer) => finish("report" in answer ? { report: answer.report, parent: answer.parent ?? null } : "manifest");
      const onFailure = () => finish("manifest");
      const timer = setTimeout(() => finish("slow"), timeoutMs);
      worker.on("message", onMessage).on("error", onFailure).on("exit", onFailure);
      worker.postMessage(job);
    });
  }

  /** `job` read in a free thread (`size`: the file's bytes), or the damage that ended it. */
  async function ask(job: ReaderJob, size: number): Promise<UploadReading | CredentialsDamage> {
    while (!free.length) await new Promise<void>((resolve) => waiting.push(resolve));
    const worker = free.pop() ?? start();
    running.add(worker);
    try {
      const answer = await askIn(worker, job);
      const keep = typeof answer !== "string" && size <= KEEP_THREAD_MAX_BYTES;
      if (!keep) void worker.terminate();
      free.push(keep ? worker : undefined);
      return answer;
    } finally {
      running.delete(worker);
      waiting.shift()?.();
    }
  }

  const damaged = (format: CredentialsReport["format"], damage: CredentialsDamage): CredentialsReport => ({ format, state: null, failures: [], manifest: null, damage });

  return {
    async read(bytes, trustAnchorPem) {
      const answer = await ask({ bytes, trustAnchorPem }, bytes.length);
      return typeof answer === "string" ? damaged(credentialsFormat(bytes), answer) : answer.report;
    },
    async readUpload(path, title) {
      const answer = await ask({ path, title }, (await stat(path)).size);
      return typeof answer === "string" ? { report: damaged(null, answer), parent: null } : answer;
    },
    async close() {
      await Promise.all([...free, ...running].map((worker) => worker?.terminate()));
    },
  };
}
