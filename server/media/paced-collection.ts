import { pipeline, Transform, type Readable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";

/** Bytes let through between two collections: what a large upload may add to the server's memory, about twice over. */
const EVERY_BYTES = 8 * 1024 * 1024;

/**
 * V8's own collector, asked for by name. It is exposed once, at first use, so that every way of
 * starting the server (npm start, the container, the tests, the commands) behaves alike.
 */
const collect = ((): ((options: { type: "minor"; execution: "async" }) => void) => {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as (options: { type: "minor"; execution: "async" }) => void;
})();

/**
 * A stream that passes its chunks on unchanged and has the young generation collected every
 * 8 MB. Each chunk a socket or a file stream reads is a buffer of its own, dropped once written;
 * V8 frees such buffers only at a collection, and starts one for them by itself only once about
 * 64 MB have gone by: an upload streamed to disk and then to the media storage made the server's
 * resident set grow by 61 MB whatever the file's size (bench/upload-memory.ts). A young
 * collection frees them and takes a millisecond or two.
 */
export function collectedAsItGoes(): Transform {
  let since = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      since += chunk.length;
      if (since >= EVERY_BYTES) {
        since = 0;
        collect({ type: "minor", execution: "async" });
      }
      done(null, chunk);
    },
  });
}

/** `source` read through collectedAsItGoes; an error of `source` ends the stream returned with it. */
export function collectedFrom(source: Readable): Readable {
  const collected = collectedAsItGoes();
  // pipeline destroys `collected` with the error, which its reader then meets.
  pipeline(source, collected, () => {});
  return collected;
}
