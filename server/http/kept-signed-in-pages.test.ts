import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { startTestApp } from "./test-app.ts";

/**
 * A page kept for anonymous visitors never shows an account: whichever way a client spells the
 * session cookie, the page rendered for it is not the one every anonymous visitor is sent after.
 */

const database = await testDatabase();
const { origin, signUp } = await startTestApp(database, {}, { pages: true });
const cookies = await signUp("Kept Page Poisoner");
const token = /stockroom\.session_token=([^;]+)/.exec(cookies)![1]!;

/** The Cookie headers a client might send its session in; Better Auth reads most of them as the session. */
const spellings = [
  `stockroom.session_token=${token}`,
  `stockroom.session_token =${token}`,
  `stockroom.session_token= ${token}`,
  ` stockroom.session_token = ${token} `,
  `;stockroom.session_token=${token}`,
  `; ;theme=dark;stockroom.session_token=${token}`,
  `stockroom.session_token=x; stockroom.session_token=${token}`,
  `stockroom.session_token=${token}; stockroom.session_token=x`,
  `STOCKROOM.SESSION_TOKEN=${token}`,
  `Stockroom.Session_Token=${token}`,
  `__Secure-stockroom.session_token=${token}`,
  `__Host-stockroom.session_token=${token}`,
  `stockroom.session_token="${token}"`,
  `stockroom.session_token=${encodeURIComponent(token)}`,
  `\u00a0stockroom.session_token=${token}`,
  `stockroom.session_token\t=\t${token}`,
];

describe("pages kept for anonymous visitors", () => {
  it("are never kept from a render for someone signed in, whatever the spelling of their cookie", async () => {
    // The signed-in header shows the account's name: the test's own check that a cookie signs in.
    const signedIn = await (await fetch(`${origin}/terms-of-service`, { headers: { cookie: cookies } })).text();
    expect(signedIn).toContain("Kept Page Poisoner");

    for (const [index, cookie] of spellings.entries()) {
      // Each spelling is the first to ask for its pages: its render is the one that would be kept.
      for (const path of [`/?tag=kept-${index}`, `/?q=kept-${index}`]) {
        const res = await fetch(`${origin}${path}`, { headers: { cookie } });
        expect(res.status, cookie).toBe(200);
        await res.text();
        const anonymous = await (await fetch(`${origin}${path}`)).text();
        expect(anonymous, `${path} after ${JSON.stringify(cookie)}`).not.toContain("Kept Page Poisoner");
      }
    }
  });
});
