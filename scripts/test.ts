import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { assertChromium } from "../e2e/chromium.ts";

/**
 * `npm test`: static checks, unit and integration tests on a real PostgreSQL, the browser
 * suite, then the oldest PostgreSQL we promise (15) for the integration suite and one browser
 * journey. Stops at the first failing step.
 */

/** Debian's PostgreSQL 15 (`apt-get install -y postgresql-15`); POSTGRES15_BIN points elsewhere. */
const postgres15 = process.env.POSTGRES15_BIN ?? "/usr/lib/postgresql/15/bin";
const hasPostgres15 = existsSync(path.join(postgres15, "postgres"));

const steps: Array<{ name: string; args: string[]; env?: NodeJS.ProcessEnv }> = [
  { name: "package-lock.json complete for every platform", args: ["run", "check:lockfile"] },
  { name: "typecheck", args: ["run", "typecheck"] },
  { name: "lint", args: ["run", "lint"] },
  { name: "import rules (rooms, layers, no loops)", args: ["run", "lint:deps"] },
  { name: "unit and integration tests", args: ["run", "test:unit"] },
  { name: "end-to-end tests", args: ["run", "test:e2e"] },
];
if (hasPostgres15) {
  steps.push(
    { name: "integration tests on PostgreSQL 15", args: ["run", "test:unit"], env: { TEST_POSTGRES_BIN: postgres15 } },
    { name: "a browser journey on PostgreSQL 15", args: ["run", "test:e2e", "--", "e2e/engagement.e2e.ts"], env: { E2E_POSTGRES_BIN: postgres15 } },
  );
}

try {
  assertChromium();
  if (!hasPostgres15 && process.env.CI) {
    throw new Error(`PostgreSQL 15 is missing at ${postgres15}. Install it with "apt-get install -y postgresql-15" or set POSTGRES15_BIN.`);
  }
} catch (error) {
  console.error(`npm test: ${(error as Error).message}`);
  process.exit(1);
}

for (const { name, args, env } of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync("npm", args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\nnpm test: ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
if (!hasPostgres15) {
  console.log(`\nnpm test: PostgreSQL 15 not found at ${postgres15}; its steps were skipped ("apt-get install -y postgresql-15" to run them).`);
}
