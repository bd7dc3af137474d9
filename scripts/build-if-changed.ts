import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `react-router build`, but only when what goes into the build changed since the last one.
 * `npm start` runs it before the server, so a restart with unchanged code (a crash, a rolling
 * restart) serves within seconds instead of rebuilding the client first. The browser suite and
 * the benchmarks build through it too.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Everything the client and server bundles are made from. */
const inputs = ["app", "contracts", "public", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package-lock.json"];
const stamp = path.join(root, "build", ".sources-sha256");

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

/** One hash over the names and contents of every input file. */
export function sourcesHash(): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update("\0");
  }
  return hash.digest("hex");
}

/** Builds unless build/ was made from exactly the current sources; returns whether it built. */
export function buildIfChanged(): boolean {
  const current = sourcesHash();
  const built = existsSync(path.join(root, "build", "server", "index.js")) && existsSync(stamp) ? readFileSync(stamp, "utf8") : "";
  if (built === current) return false;
  // Vitest sets NODE_ENV=test, which would make Vite bundle development React.
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("react-router build failed");
  writeFileSync(stamp, current);
  return true;
}

if (import.meta.main) {
  try {
    if (!buildIfChanged()) console.log("The build is up to date with the sources.");
  } catch (error) {
    console.error(`stockroom: ${(error as Error).message}`);
    process.exit(1);
  }
}
