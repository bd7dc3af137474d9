import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/database.ts";
import { BASE_URL, accountsInstance } from "../../auth/test-accounts.ts";
import { sameOriginOnly } from "../origin.ts";
import { authRoutes, clientIp } from "./account.ts";

const { db } = await testDatabase();
const { auth } = accountsInstance(db, { AUTH_RATE_LIMIT_PER_IP: "3" });

/** Better Auth behind the same middleware as in server/http/app.ts. */
const app = express();
app.use(clientIp);
app.use(sameOriginOnly(BASE_URL));
app.use("/api/auth", authRoutes({ auth }));
const server = app.listen(0, "127.0.0.1");
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

function signIn(email: string, headers: Record<string, string> = {}) {
  return fetch(url("/api/auth/sign-in/email"), {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE_URL, ...headers },
    body: JSON.stringify({ email, password: "some password" }),
  });
}

describe("/api/auth", () => {
  it("refuses a request from another site before Better Auth sees it", async () => {
    const res = await signIn("someone@example.test", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "FORBIDDEN", message: "Cross-site request refused" } });
  });

  it("counts attempts under the connection's address, whatever address header the client sends", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await signIn(`guess${i}@example.test`, { "x-stockroom-client-ip": `198.51.100.${i}` });
      expect(res.status).toBe(401);
    }
    const res = await signIn("guess9@example.test", { "x-stockroom-client-ip": "198.51.100.99" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await res.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many attempts. Please try again in 15 minutes.", retryAfter: expect.any(Number) },
    });
  });
});
