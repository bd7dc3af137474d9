import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, it } from "vitest";
import { newPage } from "./browser.ts";
import { freePort } from "../server/free-port.ts";
import { scratchDataDir, startServer } from "./server.ts";

/** A fresh installation with no images (DEMO_IMAGES=0): its own server beside the suite's. */
describe("an empty gallery", () => {
  const dataDir = scratchDataDir();
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ port: await freePort(), dataDir, env: { DEMO_IMAGES: "0" } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("says 'No images found in the database' with a hint", async () => {
    const page = await newPage("phone", { baseURL: server.baseUrl });
    await page.goto("/");
    await page.getByText("No images found in the database").waitFor();
    await page.getByText("npm run import", { exact: false }).waitFor();
  });
});
