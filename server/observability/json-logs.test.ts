import { afterAll, expect, it } from "vitest";
import { serverProcesses } from "../../test/processes.ts";
import { startSmtpPeer, linkIn, waitForMail } from "../../test/peers/smtp.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { cookiesFrom } from "../auth/test-accounts.ts";
import { freePort } from "../free-port.ts";

/**
 * LOG_FORMAT=json on the real server process: a visitor's whole journey (sign-up, sign-in,
 * pages, a like, a password reset by mail, refusals) leaves one JSON object per line, one line
 * per request, and nothing a log must never hold: passwords, cookies, tokens, mail bodies.
 */

const { run } = serverProcesses("json-logs");
const mailDir = scratchDir("mail");
const smtp = await startSmtpPeer(mailDir);
afterAll(() => smtp.close());
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const call = (method: string, path: string, options: { cookies?: string; json?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: { origin: base, ...(options.cookies ? { cookie: options.cookies } : {}), ...(options.json === undefined ? {} : { "content-type": "application/json" }) },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });

it("writes one JSON object per line, a line per request, and no secret of the journey", async () => {
  const server = run("server/main.ts", { PORT: String(port), BASE_URL: base, LOG_FORMAT: "json", LOG_LEVEL: "debug", DEMO_IMAGES: "2", SMTP_URL: smtp.url });
  await server.waitFor(/Demo catalog: imported/);

  const email = "journey@example.test";
  const password = "first secret passphrase";
  const newPassword = "second secret passphrase";
  const signUp = await call("POST", "/api/auth/sign-up/email", { json: { name: "Journey", email, password } });
  expect(signUp.status).toBe(200);
  const signIn = await call("POST", "/api/auth/sign-in/email", { json: { email, password } });
  expect(signIn.status).toBe(200);
  const cookies = cookiesFrom(signIn.headers);
  const images = (await (await call("GET", "/api/images?limit=2")).json()) as { items: Array<{ id: number }> };
  const id = images.items[0]!.id;
  for (const path of ["/", `/images/${id}`, "/license", "/profile-settings", "/no-such-page"]) await (await call("GET", path, { cookies })).text();
  expect((await call("PUT", `/api/images/${id}/like`, { cookies })).status).toBe(200);
  expect((await call("PROPFIND", "/")).status).toBe(405);
  expect((await call("POST", "/api/auth/sign-in/email", { json: { email, password: "a wrong passphrase" } })).status).toBe(401);
  expect((await call("POST", "/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } })).status).toBe(200);
  const mail = await waitForMail(mailDir, email);
  const token = new URL(linkIn(mail, base)).searchParams.get("token")!;
  expect((await call("GET", `/api/auth/reset-password/${token}?callbackURL=/reset-password`)).status).toBe(302);
  expect((await call("POST", "/api/auth/reset-password", { json: { token, newPassword } })).status).toBe(200);
  expect((await call("POST", "/api/auth/sign-in/email", { json: { email, password: newPassword } })).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  server.child.kill("SIGTERM");
  expect(await server.exit).toEqual({ code: 0, signal: null });

  const entries = server.lines.filter((l) => l.trim()).map((line) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`Not a JSON line: ${line}`);
    }
  });
  for (const entry of entries) {
    expect(entry).toMatchObject({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: expect.stringMatching(/^(debug|info|error)$/), msg: expect.any(String) });
  }
  const requests = entries.filter((e) => e.msg === "request");
  expect(requests.find((r) => r.path === `/images/${id}`)).toMatchObject({
    method: "GET",
    route: "/images/:segment",
    status: 200,
    durationMs: expect.any(Number),
    requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    client: "127.0.0.1",
  });
  expect(requests.find((r) => r.method === "PUT")).toMatchObject({ route: "/api/images/:id/like", path: `/api/images/${id}/like`, status: 200 });
  expect(requests.find((r) => r.method === "PROPFIND")).toMatchObject({ status: 405 });
  expect(requests.length).toBeGreaterThanOrEqual(15);

  const log = server.lines.join("\n");
  const sessionToken = decodeURIComponent(cookies.split(";")[0]!.split("=")[1]!);
  const mailBody = mail.body.split(/\r?\n\r?\n/).slice(1).join("\n").split(/\r?\n/).find((l) => l.includes("reset") && l.length > 20);
  for (const secret of [password, newPassword, "a wrong passphrase", token, sessionToken, sessionToken.split(".")[0]!, mailBody!]) {
    expect(log).not.toContain(secret);
  }
  expect(log).not.toMatch(/cookie|authorization/i);
}, 240_000);
