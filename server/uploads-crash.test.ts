import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { UploadStatus } from "#contracts/studio";
import { serverProcesses, type Run } from "../test/processes.ts";
import { runningServerUrl } from "./db/cli-database.ts";
import { connect } from "./db/database.ts";
import { freePort } from "./free-port.ts";
import { distinctImage } from "./media/test-images.ts";

/**
 * A job is not lost with its server: the real server imports an upload, is SIGKILLed the moment
 * the database shows the job has begun, and after a restart on the same DATA_DIR the job queue
 * hands the job out again (its worker stopped sending heartbeats) and the image arrives.
 */

const { dataDir, run } = serverProcesses("upload-crash");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { PORT: String(port), BASE_URL: base, LOG_LEVEL: "info" };

async function start(): Promise<Run> {
  const server = run("server/main.ts", env);
  await server.waitFor(/Stockroom is running/);
  return server;
}

/** One query on the running server's own PostgreSQL. */
async function query<T extends object>(text: string): Promise<T[]> {
  const database = connect(runningServerUrl(dataDir)!, 1);
  try {
    return (await database.pool.query<T>(text)).rows;
  } finally {
    await database.close();
  }
}

describe("a server killed while a job is processing", () => {
  it("finishes the job after the restart", { timeout: 240_000 }, async () => {
    let server = await start();
    const email = "maker@example.test";
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ name: "Maker", email, password: "a long enough passphrase" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const grant = run("cli/admin.ts", env, ["grant", email, "--role", "creator"]);
    expect((await grant.exit).code).toBe(0);

    // Large enough that encoding its variants takes a while.
    const file = await distinctImage(4000, 3000, 5);
    const res = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { origin: base, cookie, "content-type": "image/jpeg", "x-upload-fields": encodeURIComponent(JSON.stringify({ fileName: "big.jpg", title: "Survivor" })) },
      body: new Uint8Array(file),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as UploadStatus;

    // Killed right after a worker claimed the job and began importing it.
    for (;;) {
      const [row] = await query<{ status: string }>(`select status from uploads where id = '${id}'`);
      if (row!.status === "processing") break;
      expect(row!.status).toBe("queued");
      await sleep(20);
    }
    server.child.kill("SIGKILL");
    expect((await server.exit).signal).toBe("SIGKILL");
    expect(await query(`select status, image_id from uploads where id = '${id}'`)).toEqual([{ status: "processing", image_id: null }]);

    server = await start();
    let status: UploadStatus | undefined;
    for (;;) {
      const list = await fetch(`${base}/api/uploads`, { headers: { cookie } });
      status = ((await list.json()) as { uploads: UploadStatus[] }).uploads.find((u) => u.id === id);
      if (status?.status === "done" || status?.status === "failed") break;
      await sleep(250);
    }
    expect(status).toMatchObject({ status: "done", image: { title: "Survivor" } });
    // Handed out a second time: the first worker died with it.
    const [job] = await query<{ retry_count: number; state: string }>(`select retry_count, state from pgboss.job where data->>'uploadId' = '${id}'`);
    expect(job).toEqual({ retry_count: 1, state: "completed" });
    const image = await fetch(`${base}/api/images/${status!.image!.id}`);
    expect(image.status).toBe(200);
    server.child.kill("SIGTERM");
    expect((await server.exit).code).toBe(0);
  });
});
