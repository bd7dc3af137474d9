import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { errorStatus, type ErrorCode } from "#contracts/api-error";
import { AppError } from "../../server/errors.ts";
import { attempt } from "./form.server.ts";

/** What the server's log received. */
const logged: string[] = [];
const context = {
  requestId: "req-1",
  settings: { passwordMinLength: 8 },
  log: { error: (message: string) => logged.push(message), info() {}, debug() {} },
} as unknown as AppLoadContext;

/** What a page action answers when its service refuses: `attempt` as every account, studio and admin form uses it. */
async function refused(error: unknown) {
  const answer = (await attempt(context, () => Promise.reject(error), "Something went wrong")) as { data: unknown; init: { status?: number } | null };
  return { status: answer.init?.status, body: answer.data };
}

describe("a page action's refusal", () => {
  const codes = Object.keys(errorStatus).filter((code) => code !== "INTERNAL") as ErrorCode[];

  it.each(codes)("%s answers the API's status for it, with the service's message", async (code) => {
    expect(await refused(new AppError(code, `Refused: ${code}`))).toEqual({ status: errorStatus[code], body: { ok: false, error: `Refused: ${code}` } });
  });

  it("names an account form's message and its numbers, so the page can say it in its own language", async () => {
    expect(await refused(new AppError("BAD_REQUEST", "Password must be at least 8 characters long"))).toEqual({
      status: 400,
      body: { ok: false, error: "Password must be at least 8 characters long", reason: "passwordTooShort", values: { min: 8, seconds: 0 } },
    });
    expect(await refused(new AppError("RATE_LIMITED", "Too many attempts. Please try again in 2 minutes.", { retryAfter: 90 }))).toMatchObject({
      status: 429,
      body: { ok: false, values: { min: 8, seconds: 90 } },
    });
  });

  it("NOT_FOUND, CONFLICT and PAYLOAD_TOO_LARGE are 404, 409 and 413, no longer 400", async () => {
    expect((await refused(new AppError("NOT_FOUND", "Image not found"))).status).toBe(404);
    expect((await refused(new AppError("CONFLICT", "Already there"))).status).toBe(409);
    expect((await refused(new AppError("PAYLOAD_TOO_LARGE", "Too large"))).status).toBe(413);
  });

  it("INTERNAL, or an error with no words for users, answers 500 with the screen's own message, and goes to the log", async () => {
    logged.length = 0;
    expect(await refused(new AppError("INTERNAL", "connection reset"))).toEqual({ status: 500, body: { ok: false, error: "Something went wrong" } });
    expect(await refused(new Error("socket hang up"))).toEqual({ status: 500, body: { ok: false, error: "Something went wrong" } });
    expect(logged).toEqual(["[req-1] A page action failed", "[req-1] A page action failed"]);
  });

  it("a code of Better Auth's own, with its message, answers 400, named when it is an account form's", async () => {
    expect(await refused({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" })).toEqual({
      status: 400,
      body: { ok: false, error: "Invalid email or password", reason: "invalidCredentials", values: { min: 8, seconds: 0 } },
    });
  });
});
