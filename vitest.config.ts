import { defineConfig } from "vitest/config";

/** Unit and integration tests, next to the code they test; each file gets its own database. */
export default defineConfig({
  test: {
    include: ["{server,app,contracts,cli,bench}/**/*.test.{ts,tsx}"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
