import { defineConfig } from "vitest/config";

/** The browser suite: one built Stockroom server, driven by the system Chromium. */
export default defineConfig({
  test: {
    root: ".",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
