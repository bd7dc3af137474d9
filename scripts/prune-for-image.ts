import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolve, type LockPackage } from "./check-lockfile.ts";

/**
 * The Docker build's last step (Dockerfile): node_modules cut down to what the server and the
 * operator commands load, so that the image stays small (under 450 MB, issue #20).
 * `npm prune --omit=dev` is not enough: packages the development tools need stay installed as
 * optional peers of runtime packages (Better Auth names Vitest and drizzle-kit, which bring
 * Vite, esbuild and tsx), and so do packages only the browser loads. What stays: the
 * project's dependencies but those below, and everything they need (dependencies, optional
 * dependencies such as the platform's sharp and PostgreSQL builds, and required peers).
 * `--dry-run` lists what it would remove.
 */

/**
 * Dependencies only the browser bundle loads: the server never imports them (the API reference
 * is drawn after hydration: app/routes/developers.tsx).
 */
const BROWSER_ONLY = new Set(["@scalar/api-reference-react"]);

interface Lock {
  packages: Record<string, LockPackage & { dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> }>;
}

/** The lock's paths (`node_modules/...`) of the packages the server needs. */
export function runtimePackages(lock: Lock): Set<string> {
  const root = lock.packages[""]!;
  const needed = new Set<string>();
  const visit = (from: string, names: string[], optional: boolean) => {
    for (const name of names) {
      const at = resolve(lock.packages, from, name);
      if (!at) {
        if (optional) continue;
        throw new Error(`${from || "the project"} needs ${name}, which package-lock.json lacks`);
      }
      if (needed.has(at)) continue;
      needed.add(at);
      const pkg = lock.packages[at]!;
      const optionalPeers = pkg.peerDependenciesMeta ?? {};
      visit(at, Object.keys(pkg.dependencies ?? {}), false);
      visit(at, Object.keys(pkg.optionalDependencies ?? {}), true);
      visit(
        at,
        Object.keys(pkg.peerDependencies ?? {}).filter((peer) => !optionalPeers[peer]?.optional),
        false,
      );
    }
  };
  visit("", Object.keys(root.dependencies ?? {}).filter((name) => !BROWSER_ONLY.has(name)), false);
  return needed;
}

if (import.meta.main) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const dryRun = process.argv.includes("--dry-run");
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lock;
  const needed = runtimePackages(lock);
  // Outermost first, so that a removed package's own node_modules goes with it.
  const removed = Object.keys(lock.packages)
    .filter((at) => at.startsWith("node_modules/") && !needed.has(at))
    .sort((a, b) => a.length - b.length)
    .filter((at, i, all) => !all.slice(0, i).some((outer) => at.startsWith(`${outer}/`)));
  for (const at of removed) {
    if (dryRun) console.log(at);
    else rmSync(path.join(root, at), { recursive: true, force: true });
  }
  if (!dryRun) rmSync(path.join(root, "node_modules/.bin"), { recursive: true, force: true });
  console.log(`${dryRun ? "Would remove" : "Removed"} ${removed.length} packages the server does not load; ${needed.size} stay.`);
}
