import { describe, expect, it } from "vitest";
import { scratchDir } from "../test/scratch-dir.ts";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = () => scratchDir("config");

describe("loadConfig", () => {
  it("starts on port 3000 with a generated, kept auth secret when nothing is set", () => {
    const DATA_DIR = dataDir();
    const config = loadConfig({ DATA_DIR });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoImages).toBe(150);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR }).authSecret).toBe(config.authSecret);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT="abc": /],
    [{ PORT: "70000" }, /^Invalid PORT="70000": must be between 0 and 65535/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL="mysql:\/\/x": must start with postgres:\/\//],
    [{ BASE_URL: "not a url" }, /^Invalid BASE_URL=/],
    [{ DEMO_IMAGES: "-1" }, /^Invalid DEMO_IMAGES="-1": must be 0 or more/],
    [{ SMTP_URL: "http://mail" }, /^Invalid SMTP_URL=/],
    [{ GOOGLE_CLIENT_ID: "id" }, /^Missing GOOGLE_CLIENT_SECRET/],
    [{ TRUST_PROXY: "loopback, 10.0.0.0/33" }, /^Invalid TRUST_PROXY="loopback, 10.0.0.0\/33": "10.0.0.0\/33" is not an address/],
    [{ TRUST_PROXY: "everyone" }, /^Invalid TRUST_PROXY="everyone": /],
    [{ MEDIA_BASE_URL: "ftp://media" }, /^Invalid MEDIA_BASE_URL="ftp:\/\/media": must start with http:\/\/ or https:\/\//],
    [{ DB_STATEMENT_TIMEOUT_MS: "10" }, /^Invalid DB_STATEMENT_TIMEOUT_MS="10": must be at least 100/],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("trusts X-Forwarded-For from the loopback only unless TRUST_PROXY says otherwise, in Express' syntax", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8, 192.0.2.1" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.1",
    ]);
  });

  it("uses BASE_URL without its trailing slash", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), BASE_URL: "https://img.example.com/" }).baseUrl).toBe("https://img.example.com");
  });
});
