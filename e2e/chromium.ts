import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Stops with an instruction, not a stack trace, when the browser is not installed. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  }
}
