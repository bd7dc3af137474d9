import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import type { Logger } from "../logger.ts";
import { startTestApp } from "./test-app.ts";

/** What the app's pages write to the server's log: through its logger (LOG_LEVEL applies), each line at its level. */

const database = await testDatabase();
const logged: Array<{ level: "error" | "info" | "debug"; line: string }> = [];
const log: Logger = {
  error: (message, error) => void logged.push({ level: "error", line: `${message}: ${String(error)}` }),
  info: (message) => void logged.push({ level: "info", line: message }),
  debug: (message) => void logged.push({ level: "debug", line: message }),
  request: () => {},
};
const { origin } = await startTestApp(database, {}, { pages: true, log });

describe("the pages' log", () => {
  it("tells a path no route takes at info level, not as an error", async () => {
    const res = await fetch(`${origin}/no-such-page`);
    expect(res.status).toBe(404);
    expect(logged).toContainEqual({ level: "info", line: "404 Error: User attempted to access non-existent route: /no-such-page" });
    expect(logged.filter(({ level }) => level === "error")).toEqual([]);
  });

  it("answers a path that is not percent-encoded UTF-8 with the not-found page, in its language, and prints nothing beside the log", async () => {
    const printed: unknown[][] = [];
    const { warn, error, log: plain } = console;
    console.warn = console.error = console.log = (...args: unknown[]) => void printed.push(args);
    try {
      for (const [path, heading] of [
        ["/%E0", "Page not found"],
        ["/de/%E0%A4?q=%", "Seite nicht gefunden"],
      ]) {
        const res = await fetch(`${origin}${path}`);
        expect(res.status).toBe(404);
        expect(await res.text()).toContain(heading);
      }
    } finally {
      Object.assign(console, { warn, error, log: plain });
    }
    expect(printed).toEqual([]);
    expect(logged.filter(({ level }) => level === "error")).toEqual([]);
  });
});
