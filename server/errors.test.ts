import { describe, expect, it } from "vitest";
import { describeFailure } from "./errors.ts";

describe("describeFailure", () => {
  it("says the cause a wrapped error hides, in one line", () => {
    const timeout = Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
    const drizzle = new Error("Failed query: select pg_advisory_xact_lock($1)\nparams: 7410222", { cause: timeout });
    expect(describeFailure(drizzle)).toBe("Failed query: select pg_advisory_xact_lock($1): canceling statement due to statement timeout");
  });

  it("does not repeat a cause the message already names", () => {
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:9");
    expect(describeFailure(new Error("Cannot use DATABASE_URL: connect ECONNREFUSED 127.0.0.1:9", { cause: refused }))).toBe(
      "Cannot use DATABASE_URL: connect ECONNREFUSED 127.0.0.1:9",
    );
  });
});
