import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { ANONYMOUS_REPORTS_PER_HOUR } from "../engagement/reports-service.ts";
import { addImage } from "../../test/people-and-images.ts";
import { startTestApp, TEST_BASE_URL } from "./test-app.ts";

/**
 * Whose address a request is counted under: X-Forwarded-For is believed only from the peers
 * TRUST_PROXY names (by default the loopback, where these tests connect from), and IPv6
 * clients are counted by their /64.
 */

const database = await testDatabase();
const behindProxy = await startTestApp(database, { AUTH_RATE_LIMIT_PER_IP: "2" });
const elsewhere = await startTestApp(database, { TRUST_PROXY: "10.0.0.0/8, 192.168.1.1" });

function post(app: { origin: string }, path: string, body: unknown, forwardedFor: string) {
  return fetch(`${app.origin}${path}`, {
    method: "POST",
    headers: { origin: TEST_BASE_URL, "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify(body),
  });
}

describe("client addresses", () => {
  it("counts anonymous reports per IPv6 /64 of the address a trusted proxy forwards", async () => {
    const id = await addImage(database.db, behindProxy.services.media, "Reported From IPv6");
    const report = (address: string) => post(behindProxy, `/api/images/${id}/reports`, { reason: "spam" }, `203.0.113.9, ${address}`);
    for (let i = 1; i <= ANONYMOUS_REPORTS_PER_HOUR; i++) expect((await report(`2001:db8:1:2::${i}`)).status).toBe(201);
    expect((await report("2001:db8:1:2:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await report("2001:db8:1:3::1")).status).toBe(201);
  });

  it("counts sign-in attempts per IPv6 /64", async () => {
    const signIn = (address: string) => post(behindProxy, "/api/auth/sign-in/email", { email: "nobody@example.test", password: "wrong password" }, address);
    expect((await signIn("2001:db8:9:9::1")).status).toBe(401);
    expect((await signIn("2001:db8:9:9::2")).status).toBe(401);
    expect((await signIn("2001:db8:9:9::3")).status).toBe(429);
    expect((await signIn("2001:db8:9:a::1")).status).toBe(401);
  });

  it("ignores X-Forwarded-For from a peer TRUST_PROXY does not name", async () => {
    const id = await addImage(database.db, elsewhere.services.media, "Reported Directly");
    for (let i = 1; i <= ANONYMOUS_REPORTS_PER_HOUR; i++) {
      expect((await post(elsewhere, `/api/images/${id}/reports`, { reason: "spam" }, `198.51.100.${i}`)).status).toBe(201);
    }
    expect((await post(elsewhere, `/api/images/${id}/reports`, { reason: "spam" }, "198.51.100.200")).status).toBe(429);
  });
});
