import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * `npm run lint:deps` (and a step of `npm test`): the import rules of .dependency-cruiser.cjs
 * (rooms, layers, no file cycles), plus one dependency-cruiser has no rule for: no two
 * rooms (folders) import each other, directly or around a loop, type imports included. Prints
 * every violation and exits 1 when there is one.
 */

interface Cruised {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string; coreModule: boolean; couldNotResolve: boolean }> }>;
  summary: {
    violations: Array<{ from: string; to: string; rule: { name: string; severity: string }; cycle?: Array<{ name: string }> }>;
    totalCruised: number;
    totalDependenciesCruised: number;
  };
}

const ROOTS = ["app", "server", "contracts", "cli", "scripts", "test", "e2e", "bench"];

const run = spawnSync("depcruise", ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...ROOTS], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
  shell: process.platform === "win32",
});
if (run.error || !run.stdout) {
  console.error(`lint:deps: dependency-cruiser did not run: ${run.error?.message ?? run.stderr}`);
  process.exit(1);
}
const cruised = JSON.parse(run.stdout) as Cruised;

const problems = cruised.summary.violations
  .filter((v) => v.rule.severity === "error")
  .map((v) => `${v.rule.name}: ${v.cycle ? [v.from, ...v.cycle.map((c) => c.name)].join(" → ") : `${v.from} → ${v.to}`}`);

/** Tests and the tools around the product (they set up several rooms at once) are left out of the folder loops. */
const outside = (file: string) => /\.(test|e2e)\.tsx?$|(^|\/)test-[^/]+\.ts$|^(test|e2e|bench|scripts|node_modules)\//.test(file);

/**
 * A file's room: its folder under server/ (server/catalog/import is part of server/catalog), its
 * feature under app/features/, else its top folder; the composition root (server/services.ts,
 * server/main.ts) stands above the rest of server/.
 */
function folderOf(file: string): string {
  if (/^server\/(services|main)\.ts$/.test(file)) return file;
  const parts = path.posix.dirname(file).split("/");
  return parts.slice(0, parts[0] === "app" && parts[1] === "features" ? 3 : 2).join("/");
}

/** Folder -> the folders its files import. */
const folders = new Map<string, Set<string>>();
for (const module of cruised.modules) {
  if (outside(module.source)) continue;
  const from = folderOf(module.source);
  for (const dependency of module.dependencies) {
    if (dependency.coreModule || dependency.couldNotResolve || outside(dependency.resolved)) continue;
    const to = folderOf(dependency.resolved);
    if (to !== from) folders.set(from, (folders.get(from) ?? new Set()).add(to));
  }
}

/** Each loop of folders once (Tarjan's strongly connected components of two or more folders). */
function folderLoops(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    onStack.add(folder);
    for (const next of folders.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const folder of folders.keys()) if (!index.has(folder)) visit(folder);
  return loops;
}

for (const loop of folderLoops()) {
  const members = new Set(loop);
  const edges = loop.flatMap((from) => [...(folders.get(from) ?? [])].filter((to) => members.has(to)).map((to) => `${from} → ${to}`));
  problems.push(`no-folder-cycles: ${loop.join(", ")} import each other (${edges.join("; ")})`);
}

for (const problem of problems) console.error(`  ${problem}`);
const { totalCruised, totalDependenciesCruised } = cruised.summary;
console.log(`lint:deps: ${problems.length} violation${problems.length === 1 ? "" : "s"} in ${totalCruised} modules and ${totalDependenciesCruised} imports`);
if (problems.length) process.exit(1);
