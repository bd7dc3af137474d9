import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** Scratch folders made by this test file, removed after its tests (also those made inside a test). */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new, empty folder under the system's temporary folder, `stockroom-{prefix}-…`. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `stockroom-${prefix}-`));
  made.push(dir);
  return dir;
}
