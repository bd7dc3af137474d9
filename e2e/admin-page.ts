import type { BrowserContext } from "playwright-core";
import { expect, inject } from "vitest";
import { output, runScript } from "../test/processes.ts";
import { signUpByApi } from "./account-page.ts";
import { baseUrl, newContext, type ViewportName } from "./browser.ts";

/** Helpers shared by the admin browser tests. */

/** Runs an operator command (`npm run admin`, `npm run import`) against the running server's DATA_DIR; what it printed. */
export async function operator(script: "admin" | "import", ...args: string[]): Promise<string> {
  // Only what an operator's shell would hold (Vitest adds variables such as BASE_URL=/).
  const run = runScript(`cli/${script}.ts`, { DATA_DIR: inject("dataDir"), BASE_URL: baseUrl(), LOG_LEVEL: "error" }, args);
  const { code } = await run.exit;
  expect(code, output(run)).toBe(0);
  return output(run);
}

/** A browser signed in to a new account that `npm run admin -- grant` made an admin. */
export async function adminContext(viewport: ViewportName = "desktop"): Promise<{ context: BrowserContext; email: string }> {
  const context = await newContext(viewport);
  const email = await signUpByApi(context, "Ada Admin");
  expect(await operator("admin", "grant", email)).toBe(`${email} is now an admin (was a member).`);
  return { context, email };
}
