import { defineConfig } from "vitest/config";

/** The browser suite: one built Stockroom server, driven by the system Chromium. */
export default defineConfig({
  test: {
    root: ".",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    testTimeout: 60_000,
    // What a poll waits for is a page's answer to a click, a server round trip: with two test
    // files, the server and Chromium on two cores, that outlasts expect.poll's 1 s default (an
    // admin test failed so under load). A poll still ends as soon as what it waits for is there.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
