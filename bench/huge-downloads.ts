import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { scratchDataDir, startServer } from "../e2e/server.ts";
import { freePort } from "../server/free-port.ts";
import { residentMb } from "./process-memory.ts";
import { signUp } from "./sign-up.ts";

/**
 * Issue 27's figure: eight downloads at once of a 90-megapixel original, on the real server
 * process, and what they add to its memory (resident set, sampled every 20 ms while they run).
 * Downloads stream the file stored at import (decision 026), so the target is under 150 MB
 * whatever the image's size; before, each download rendered the file again (1,064 -> 3,193 MB).
 */
const WIDTH = 10_000;
const HEIGHT = 9_000;
const DOWNLOADS = 8;
const TARGET_MB = 150;

export async function hugeDownloads(log: (line: string) => void): Promise<void> {
  const dataDir = scratchDataDir();
  const folder = mkdtempSync(path.join(tmpdir(), "stockroom-huge-"));
  const server = await startServer({ port: await freePort(), dataDir, env: { DEMO_IMAGES: "0" } });
  try {
    log(`\nEight downloads at once of a ${((WIDTH * HEIGHT) / 1e6).toFixed(0)}-megapixel original:`);
    const noise = { type: "gaussian" as const, mean: 128, sigma: 40 };
    await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#808080", noise } })
      .jpeg({ quality: 85 })
      .toFile(path.join(folder, "huge.jpg"));
    let started = performance.now();
    await promisify(execFile)(process.execPath, ["cli/import.ts", "folder", folder], {
      env: { ...process.env, DATA_DIR: dataDir, BASE_URL: server.baseUrl, LOG_LEVEL: "error" },
    });
    log(`  imported (every size rendered and stored) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { items } = (await (await fetch(`${server.baseUrl}/api/images`)).json()) as { items: Array<{ id: number }> };
    const cookie = await signUp(server.baseUrl, "bench@example.test");

    const before = residentMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 20);
    started = performance.now();
    const sizes = await Promise.all(
      Array.from({ length: DOWNLOADS }, async () => {
        const res = await fetch(`${server.baseUrl}/api/images/${items[0]!.id}/download?size=original`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`The download answered ${res.status}`);
        const reader = res.body!.getReader();
        let bytes = 0;
        for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
        return bytes;
      }),
    );
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const added = peak - before;
    log(`  ${DOWNLOADS} × ${(sizes[0]! / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
    log(
      `  server memory (RSS): ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most while downloading: +${added.toFixed(0)} MB ` +
        `(target < ${TARGET_MB} MB: ${added < TARGET_MB ? "ok" : "MISSED"})`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}
