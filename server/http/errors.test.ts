import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import type { Logger } from "../logger.ts";
import { errorHandler } from "./errors.ts";

/** The last handler, when a handler fails after the answer was given or begun (over real HTTP). */

const logged: string[] = [];
const log: Logger = { error: (message) => void logged.push(message), info: () => {}, debug: () => {}, request: () => {} };
const app = express();
// As a body refused for its size mid-way: the whole answer is given, then a later handler fails setting a header.
app.post("/answered", (_req, res, next) => {
  res.status(413).json({ error: { code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" } });
  try {
    res.setHeader("Content-Security-Policy", "default-src 'none'");
  } catch (error) {
    next(error);
  }
});
// A stream that fails half-way.
app.get("/begun", (_req, res, next) => {
  res.writeHead(200, { "content-type": "text/plain" });
  res.write("half of it");
  setTimeout(() => next(new Error("the source failed")), 50);
});
app.use(errorHandler(log));
const server = app.listen(0);
afterAll(() => server.close());
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe("errors after an answer", () => {
  it("leaves an answer given whole as it was, and logs no error", async () => {
    const res = await fetch(`${origin}/answered`, { method: "POST" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" } });
    expect(logged).toEqual([]);
  });

  it("cuts off an answer already begun, so the client sees it fail, and logs the failure", async () => {
    const res = await fetch(`${origin}/begun`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(logged).toEqual([expect.stringMatching(/^\[.*\] GET \/begun failed$/)]);
  });
});
