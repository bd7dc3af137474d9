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
    [{ S3_BUCKET: "Media_Bucket" }, /^Invalid S3_BUCKET="Media_Bucket": must be a bucket name/],
    [{ S3_BUCKET: "media", S3_ENDPOINT: "minio:9000" }, /^Invalid S3_ENDPOINT="minio:9000": must start with http:\/\/ or https:\/\//],
    [{ S3_BUCKET: "media", S3_FORCE_PATH_STYLE: "yes" }, /^Invalid S3_FORCE_PATH_STYLE="yes": must be true or false/],
    [{ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "key" }, /^Missing S3_SECRET_ACCESS_KEY/],
    [{ S3_ENDPOINT: "http://minio:9000" }, /^Missing S3_BUCKET: S3_ENDPOINT is set/],
    [{ MEDIA_BASE_URL: "cdn.example.com" }, /^Invalid MEDIA_BASE_URL="cdn.example.com": must be a URL/],
    [{ MEDIA_BASE_URL: "https://cdn.example.com/?v=1" }, /^Invalid MEDIA_BASE_URL=.*without \?query/],
    [{ TRUST_PROXY: "loopback, 10.0.0.0/33" }, /^Invalid TRUST_PROXY="loopback, 10.0.0.0\/33": "10.0.0.0\/33" is not an address/],
    [{ TRUST_PROXY: "everyone" }, /^Invalid TRUST_PROXY="everyone": /],
    [{ DB_STATEMENT_TIMEOUT_MS: "10" }, /^Invalid DB_STATEMENT_TIMEOUT_MS="10": must be at least 100/],
    [{ UPLOAD_MAX_MB: "0" }, /^Invalid UPLOAD_MAX_MB="0": must be at least 1/],
    [{ UPLOAD_MAX_MB: "lots" }, /^Invalid UPLOAD_MAX_MB="lots": must be a number/],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("keeps media on the local disk, served by the site, unless S3_BUCKET and MEDIA_BASE_URL say otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).media).toEqual({ baseUrl: undefined, s3: undefined });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: "stockroom-media",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      MEDIA_BASE_URL: "https://cdn.example.com/media/",
    });
    expect(config.media).toEqual({
      baseUrl: "https://cdn.example.com/media",
      s3: { bucket: "stockroom-media", endpoint: "http://minio:9000", region: "us-east-1", credentials: { accessKeyId: "key", secretAccessKey: "secret" }, forcePathStyle: true },
    });
    // On AWS: the region given, the SDK's own credentials (instance role, AWS_* variables).
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "media", S3_REGION: "eu-west-3" }).media.s3).toEqual({
      bucket: "media",
      endpoint: undefined,
      region: "eu-west-3",
      credentials: undefined,
      forcePathStyle: false,
    });
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
