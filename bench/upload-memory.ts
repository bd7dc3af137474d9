import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { UPLOAD_FIELDS_HEADER } from "#contracts/studio";
import { scratchDataDir, startServer } from "../e2e/server.ts";
import { buildIfChanged } from "../scripts/build-if-changed.ts";
import { freePort } from "../server/free-port.ts";
import { residentMb } from "./process-memory.ts";
import { signUp } from "./sign-up.ts";

/**
 * Issue 23's figure: what accepting one upload adds to the server's memory (resident set,
 * sampled every 10 ms from the request's first byte to its answer), for a 45 MB file and one
 * three times larger. The file is written to disk as it streams in, its header checked on the
 * way, so what the server holds does not grow with the file. (The import that follows, in the
 * job queue, is measured after it, from the answer until the upload is done, beside what
 * libvips' own decode of the same file costs.) The chunks already written are dropped, and the
 * young generation is collected every 8 MB (server/media/paced-collection.ts): V8 would start
 * that collection by itself only once about 64 MB of them had gone by (+61 MB before).
 */
const FILE_MB = [45, 150];
const TARGET_MB = 16;

/** A creator's session cookie: signed up, then made a creator by the operator's command. */
async function creatorCookie(origin: string, dataDir: string): Promise<string> {
  const email = "bench-creator@example.test";
  const cookie = await signUp(origin, email, "Bench creator");
  await promisify(execFile)(process.execPath, ["cli/admin.ts", "grant", email, "--role", "creator"], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" },
  });
  return cookie;
}

/** A JPEG of noise of about `mb` MB (noise does not compress). */
async function noiseJpeg(mb: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt((mb * 1e6) / 1.35));
  const noise = { type: "gaussian" as const, mean: 128, sigma: 60 };
  return sharp({ create: { width: side, height: side, channels: 3, background: "#808080", noise } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** What the server's resident set reached while `until` was pending: before and at its highest. */
async function peakWhile<T>(pid: number, until: () => Promise<T>): Promise<{ before: number; peak: number; seconds: number; result: T }> {
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 10);
  const started = performance.now();
  try {
    const result = await until();
    return { before, peak: Math.max(peak, residentMb(pid)), seconds: (performance.now() - started) / 1000, result };
  } finally {
    clearInterval(sampler);
  }
}

/** Uploads `file`; the server's resident set before and at its highest until the answer. */
async function accepted(server: { baseUrl: string; pid: number }, cookie: string, file: Buffer) {
  return peakWhile(server.pid, async () => {
    const res = await fetch(`${server.baseUrl}/api/uploads`, {
      method: "POST",
      headers: {
        origin: server.baseUrl,
        cookie,
        "content-type": "image/jpeg",
        [UPLOAD_FIELDS_HEADER]: encodeURIComponent(JSON.stringify({ fileName: "noise.jpg", title: "Noise" })),
      },
      body: new Uint8Array(file),
    });
    const answer = await res.text();
    if (res.status !== 202) throw new Error(`The upload answered ${res.status}: ${answer}`);
    return (JSON.parse(answer) as { id: string }).id;
  });
}

/** Waits for the job queue to import upload `id`; the server's resident set before and at its highest meanwhile. */
async function imported(server: { baseUrl: string; pid: number }, cookie: string, id: string) {
  return peakWhile(server.pid, async () => {
    for (;;) {
      const res = await fetch(`${server.baseUrl}/api/uploads`, { headers: { cookie } });
      const { uploads } = (await res.json()) as { uploads: Array<{ id: string; status: string; reason: string | null }> };
      const upload = uploads.find((u) => u.id === id);
      if (upload?.status === "done") return;
      if (upload?.status === "failed") throw new Error(`The import failed: ${upload.reason}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

/**
 * What libvips' own decode of `file` costs, in a process of its own: the resident set's growth
 * while sharp decodes the whole file once into the placeholder's 100 pixels (as the import's first decode does).
 */
async function decodeMb(file: string): Promise<number> {
  const script = `
    import sharp from "sharp";
    sharp.concurrency(1);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    await sharp(${JSON.stringify(file)}, { autoOrient: true, limitInputPixels: false, failOn: "warning" }).resize(100, 100, { fit: "inside" }).raw().toBuffer();
    clearInterval(sampler);
    console.log((Math.max(peak, process.memoryUsage.rss()) - before) / 1048576);`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]);
  return Number(stdout.trim());
}

export async function uploadMemory(log: (line: string) => void): Promise<void> {
  log("\nOne upload accepted (the file streamed to disk, its header checked on the way):");
  for (const mb of FILE_MB) {
    const dataDir = scratchDataDir();
    // Each on a server of its own, so that the import of the one before does not weigh on it.
    const server = await startServer({ port: await freePort(), dataDir, env: { DEMO_IMAGES: "0", UPLOAD_MAX_MB: "200", UPLOAD_MAX_PIXELS: "150000000" } });
    try {
      const file = await noiseJpeg(mb);
      const cookie = await creatorCookie(server.baseUrl, dataDir);
      const { before, peak, seconds, result: id } = await accepted(server, cookie, file);
      const added = peak - before;
      const first = mb === FILE_MB[0];
      const target = first ? ` (target < ${TARGET_MB} MB: ${added < TARGET_MB ? "ok" : "MISSED"})` : "";
      log(`  ${(file.length / 1e6).toFixed(1)} MB JPEG in ${seconds.toFixed(1)} s; server memory (RSS) ${before.toFixed(0)} MB before, at most ${peak.toFixed(0)} MB: +${added.toFixed(0)} MB${target}`);
      if (!first) continue;
      // The import job that follows: the whole figure, and what is left above libvips' own decode of the file.
      const job = await imported(server, cookie, id);
      const path = join(dataDir, "bench-noise.jpg");
      writeFileSync(path, file);
      const decode = await decodeMb(path);
      // What the server keeps once the job is over: memory given back shows here, not in the peak.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const after = residentMb(server.pid);
      const jobAdded = job.peak - job.before;
      log(
        `  its import job in ${job.seconds.toFixed(1)} s: RSS ${job.before.toFixed(0)} MB before, at most ${job.peak.toFixed(0)} MB: +${jobAdded.toFixed(0)} MB, ` +
          `${after.toFixed(0)} MB 3 s after it (+${(after - job.before).toFixed(0)} MB kept); ` +
          `libvips' own decode of it +${decode.toFixed(0)} MB (target: < ${TARGET_MB} MB above it: ${jobAdded - decode < TARGET_MB ? "ok" : "MISSED"})`,
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (import.meta.main) {
  buildIfChanged();
  await uploadMemory((line) => console.log(line));
}
