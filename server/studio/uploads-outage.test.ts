import { describe, expect, it } from "vitest";
import type { UploadStatus } from "#contracts/studio";
import { testDatabase } from "../../test/database.ts";
import { startS3 } from "../../test/s3.ts";
import { startTestApp, TEST_BASE_URL } from "../http/test-app.ts";
import { solidImage } from "../media/test-images.ts";
import { UPLOAD_QUEUE } from "./uploads-service.ts";

/**
 * An upload whose import meets an outage of the S3 bucket (s3rver stopped, then started again
 * on the same port and folder): it stays queued, however many tries it took, and is imported
 * once the bucket answers; nothing is failed or lost. One sent during the outage is refused
 * with a 503 the browser can act on, and leaves nothing behind.
 */

const database = await testDatabase();
const bucket = await startS3();
const { services, origin, signUp } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "1000", ...bucket.env });
const creator = await signUp("Ola Creator");
const viewer = async () => (await services.accounts.viewer(new Headers({ cookie: creator })))!;
await services.accountAdmin.setRoleByEmail((await viewer()).email, "creator");

/** Upload jobs waiting to be taken, now or later (pg-boss counts those deferred apart). */
const queued = async () =>
  (await database.pool.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = $1 and state = 'created'", [UPLOAD_QUEUE])).rows[0]!.n;

async function upload(title: string, color: string): Promise<Response> {
  return fetch(`${origin}/api/uploads`, {
    method: "POST",
    headers: { origin: TEST_BASE_URL, cookie: creator, "x-upload-fields": encodeURIComponent(JSON.stringify({ fileName: "harbour.png", title })) },
    body: new Uint8Array(await solidImage(640, 480, color)),
  });
}

describe("an upload while the bucket is away", () => {
  it("stays queued through the outage and is imported once the bucket is back", async () => {
    const res = await upload("Harbour in fog", "#406080");
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as UploadStatus;
    let stagedKey = "";
    for await (const { key } of services.media.list()) if (key.startsWith("u/")) stagedKey = key;
    // (No worker runs in this app: the job stays queued until the test runs it, as a worker would.)
    expect(await queued()).toBe(1);

    await bucket.stop();
    // Its last try, as pg-boss counts: it still does not fail, and is queued again.
    await services.uploads.process({ uploadId: id, stagedKey }, { last: true });
    const waiting = (await services.uploads.recent(await viewer())).find((u) => u.id === id)!;
    expect(waiting.status).not.toBe("failed");
    expect(await queued()).toBe(2);

    // One sent now cannot be staged where every instance finds it: 503 with Retry-After, for the
    // browser to send again; nothing of it is kept.
    const during = await upload("Lighthouse in fog", "#604080");
    expect(during.status).toBe(503);
    expect(Number(during.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await during.json()).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE", message: "The gallery cannot reach its media storage right now. Please try again in a moment." } });
    expect((await services.uploads.recent(await viewer())).map((u) => u.id)).toEqual([id]);
    expect(await queued()).toBe(2);

    await bucket.restart();
    await services.uploads.process({ uploadId: id, stagedKey }, { last: false });
    const done = (await services.uploads.recent(await viewer())).find((u) => u.id === id)!;
    expect(done).toMatchObject({ status: "done", image: { title: "Harbour in fog" } });
    expect(await services.media.stat(stagedKey)).toBeNull();
  }, 60_000);
});
