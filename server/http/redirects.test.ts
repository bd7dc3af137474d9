import fc from "fast-check";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { startTestApp, TEST_BASE_URL } from "./test-app.ts";

/**
 * No redirect of the site leads off it: every target the app or Better Auth accepts
 * (`redirectTo`, `callbackURL`, `errorCallbackURL`, `newUserCallbackURL`) goes through one
 * safe-redirect function, whatever its spelling. fast-check generates the spellings.
 */

const database = await testDatabase();
const { origin, signUp } = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "100000", AUTH_RATE_LIMIT_PER_ACCOUNT: "10000" }, { pages: true });
const session = await signUp("Redirected Reader");

const piece = fc.constantFrom(
  "/", "//", "\\", ".", "..", "%2e", "%2f", "%5c", "\t", "\n", " ", "%09", "%0a", "evil.example", "@", ":", "https:", "javascript:", "?", "#", "\u3002", "profile-settings",
);
const spelling = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(""));

/** The redirects a target may be given to, each with how it is sent. */
const doors: Record<string, (target: string) => Promise<Response>> = {
  "a signed-in visit of /login": (target) => fetch(`${origin}/login?redirectTo=${encodeURIComponent(target)}`, { headers: { cookie: session }, redirect: "manual" }),
  "a signed-in visit of /signup": (target) => fetch(`${origin}/signup?redirectTo=${encodeURIComponent(target)}`, { headers: { cookie: session }, redirect: "manual" }),
  "an email verification link": (target) =>
    fetch(`${origin}/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`, { redirect: "manual" }),
  "a reset link": (target) => fetch(`${origin}/api/auth/reset-password/no-such-token?callbackURL=${encodeURIComponent(target)}`, { redirect: "manual" }),
};

/** Where a browser goes after `res`, read as a browser reads Location (tabs and newlines dropped, `\` taken for `/`), or null. */
function destination(res: Response, from: string): URL | null {
  const location = res.headers.get("location");
  return location === null ? null : new URL(location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/"), from);
}

describe("redirects", () => {
  it.each(Object.keys(doors))("after %s stay on the site, whatever the target's spelling", async (door) => {
    const send = doors[door]!;
    const sites = new Set([origin, TEST_BASE_URL]);
    // The spellings the attacker of issue #27 used, then generated ones.
    const known = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/\\evil.example", "/\t/evil.example", "https://evil.example/"];
    const samples = [...known, ...fc.sample(spelling, { numRuns: 40 })];
    let redirected = 0;
    for (const target of samples) {
      const res = await send(target);
      await res.arrayBuffer();
      expect(res.status, target).toBeLessThan(500);
      const to = destination(res, origin);
      if (!to) continue;
      redirected++;
      expect(sites.has(to.origin), `${JSON.stringify(target)} -> ${res.headers.get("location")}`).toBe(true);
    }
    expect(redirected).toBe(samples.length);
  });

  it("after signing in with the form go to the page asked for, or home when it is not on the site", async () => {
    const email = `form-${Date.now()}@example.test`;
    expect((await fetch(`${origin}/api/auth/sign-up/email`, { method: "POST", headers: { origin: TEST_BASE_URL, "content-type": "application/json" }, body: JSON.stringify({ name: "Form", email, password: "a long enough passphrase" }) })).status).toBe(200);
    // As the site's own page sends the form: the Host is the site's, as React Router checks an action's Origin against it.
    const signIn = (redirectTo: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const body = new URLSearchParams({ email, password: "a long enough passphrase", redirectTo }).toString();
        const headers = { host: new URL(TEST_BASE_URL).host, origin: TEST_BASE_URL, "content-type": "application/x-www-form-urlencoded" };
        const req = http.request(`${origin}/login`, { method: "POST", headers }, (res) => {
          res.resume();
          resolve({ status: res.statusCode!, location: res.headers.location });
        });
        req.on("error", reject);
        req.end(body);
      });
    const asked = await signIn("/license?x=1");
    expect(asked.location, String(asked.status)).toBe("/license?x=1");
    for (const target of ["/.//evil.example", "/\\evil.example", "//evil.example", "/%2f%2fevil.example"]) {
      expect((await signIn(target)).location, target).toBe("/");
    }
  });
});
