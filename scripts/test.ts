import { spawnSync } from "node:child_process";
import { assertChromium } from "../e2e/chromium.ts";

/**
 * `npm test`: static checks, unit and integration tests on a real PostgreSQL, then the
 * browser suite. Stops at the first failing step.
 */
const steps: Array<[string, string[]]> = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["unit and integration tests", ["run", "test:unit"]],
  ["end-to-end tests", ["run", "test:e2e"]],
];

try {
  assertChromium();
} catch (error) {
  console.error(`npm test: ${(error as Error).message}`);
  process.exit(1);
}

for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync("npm", args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\nnpm test: ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
