import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Every operator command, by its npm script name, and the file that runs it. */
const commands = {
  import: "cli/import.ts",
  demo: "cli/demo.ts",
  moderate: "cli/moderate.ts",
  admin: "cli/admin.ts",
  backup: "cli/backup.ts",
  "media:relabel": "cli/relabel.ts",
  "media:migrate": "cli/media-migrate.ts",
  colors: "cli/colors.ts",
};

describe("operator commands", () => {
  it.each(Object.entries(commands))("npm run %s answers an option it does not know with its usage and exit code 2, touching nothing", async (name, file) => {
    // The command line is refused before the command reads its settings: its DATA_DIR (where the
    // embedded PostgreSQL and the media would go) is never made.
    const dataDir = path.join(tmpdir(), `stockroom-cli-${randomUUID()}`);
    const answer = await run(process.execPath, [file, "--no-such-option"], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain(`${name}: Unknown option '--no-such-option'`);
    expect(answer.stderr).toMatch(/\n\nUsage/);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
