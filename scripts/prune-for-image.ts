import { readdirSync, readFileSync, rmSync } from "node:fs";
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
 * Dependencies the server sends to browsers as files and never loads: each stays without its
 * own dependencies (its browser build bundles them), and with only the files named here, the
 * ones it sends (server/http/api-reference-renderer.ts) and the entry that locates its folder.
 */
const SENT_AS_FILES: Record<string, (file: string) => boolean> = {
  "@scalar/api-reference": (file) => file === "package.json" || file === "dist/index.js" || /^dist\/browser\/(standalone\.esm\.js|chunks\/[^/]+\.js)$/.test(file),
};

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
  const dependencies = Object.keys(root.dependencies ?? {});
  visit("", dependencies.filter((name) => !(name in SENT_AS_FILES)), false);
  for (const name of dependencies.filter((name) => name in SENT_AS_FILES)) needed.add(`node_modules/${name}`);
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
  for (const [name, keep] of Object.entries(SENT_AS_FILES)) {
    const dir = path.join(root, "node_modules", name);
    for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const relative = path.relative(dir, path.join(file.parentPath, file.name));
      if (file.isFile() && !keep(relative)) {
        if (dryRun) console.log(`node_modules/${name}/${relative}`);
        else rmSync(path.join(dir, relative));
      }
    }
  }
  if (!dryRun) rmSync(path.join(root, "node_modules/.bin"), { recursive: true, force: true });
  console.log(`${dryRun ? "Would remove" : "Removed"} ${removed.length} packages the server does not load; ${needed.size} stay.`);
}
