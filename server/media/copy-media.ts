import { inParallel } from "../in-parallel.ts";
import { contentTypeOf } from "./keys.ts";
import type { MediaStorage } from "./storage.ts";

/** Objects copied at once: enough to keep a network store busy, few enough for a small machine. */
const COPIES_IN_FLIGHT = 8;

/**
 * Copies `keys` from one store to another, each streamed from reader to writer (a large file
 * goes up in parts on S3, never whole in memory); `onCopied` after each one. Returns the
 * keys the source does not hold.
 */
export async function copyMedia(keys: string[], from: MediaStorage, to: MediaStorage, onCopied: () => void): Promise<string[]> {
  const missing = await inParallel(
    keys.map((key) => async () => {
      const file = await from.read(key);
      if (file) await to.put(key, file.stream, contentTypeOf(key));
      onCopied();
      return file ? [] : [key];
    }),
    COPIES_IN_FLIGHT,
  );
  return missing.flat();
}

interface MigrationPlan {
  /** Objects to copy: absent from the target, or there with another size (an upload cut short elsewhere). */
  copy: Array<{ key: string; size: number }>;
  /** Objects the target already holds with the same size. */
  present: number;
  total: number;
}

/**
 * What copying every object of `from` into `to` still has to do, from one listing of each
 * (a million objects are a thousand list requests, not a million HEADs): running it again
 * after an interruption carries on where it stopped.
 */
export async function planMigration(from: MediaStorage, to: MediaStorage): Promise<MigrationPlan> {
  const there = new Map<string, number>();
  for await (const { key, size } of to.list()) there.set(key, size);
  const copy: MigrationPlan["copy"] = [];
  let total = 0;
  for await (const object of from.list()) {
    total++;
    if (there.get(object.key) !== object.size) copy.push(object);
  }
  return { copy, present: total - copy.length, total };
}
