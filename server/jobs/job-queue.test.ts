import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { createLogger } from "../logger.ts";
import { createJobQueue } from "./job-queue.ts";

/**
 * The job queue as several instances use it: started at the same moment on one database (pg-boss
 * creates its schema under a lock), each job done exactly once by whichever instance is free.
 */

const { pool } = await testDatabase();
const log = createLogger("silent");
const instances = Array.from({ length: 3 }, () => createJobQueue({ pool, log, queues: ["test-jobs"] }));
afterAll(async () => {
  for (const queue of instances) await queue.stop();
});

describe("the job queue", () => {
  it("starts on several instances at once and gives each job to exactly one of them", async () => {
    const done: Array<{ n: number; by: number }> = [];
    // All three create the schema and the queue at the same moment.
    await Promise.all(instances.map((queue, by) => queue.work<{ n: number }>("test-jobs", 2, async ({ n }) => void done.push({ n, by }))));
    await Promise.all(Array.from({ length: 12 }, (_, n) => instances[n % instances.length]!.send("test-jobs", { n })));
    while (done.length < 12) await sleep(50);
    await sleep(1500); // one more poll: nothing is done twice
    expect(done.map((d) => d.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });
});
