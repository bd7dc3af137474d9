import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One Stockroom server per DATA_DIR when it runs the embedded PostgreSQL: a second one
 * would fight the first for the database. A lock whose process is gone (crash, SIGKILL)
 * is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "stockroom.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        if (holder(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = holder(file);
      if (pid !== undefined && pid !== process.pid && isStockroomProcess(pid)) {
        throw new Error(`Another Stockroom server (pid ${pid}) is already using DATA_DIR=${dataDir}; stop it first or choose another DATA_DIR`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR=${dataDir}`);
}

function holder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A live Node process (the pid may have been reused by something else after a crash). */
function isStockroomProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true; // no /proc: assume the worst
  }
}
