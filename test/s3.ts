import S3rver from "s3rver";
import { afterAll } from "vitest";
import type { S3Config } from "../server/config.ts";
import { scratchDir } from "./scratch-dir.ts";

/** s3rver's fixed credentials. */
const KEY = "S3RVER";

/**
 * A real S3-compatible server (s3rver) on a free port with one empty bucket, stopped after
 * the file's tests: `settings` for the S3 driver, `env` for a process (`S3_*` settings),
 * `multipartKeys` the keys stored by multipart uploads (of the first server: `restart` makes
 * another, after `stop`, for an outage).
 */
export async function startS3(bucket = "stockroom-media") {
  const directory = scratchDir("s3rver");
  const serverOn = (port: number) => new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  let server = serverOn(0);
  /** Objects created by a multipart upload (S3 event `ObjectCreated:Post`; a single PUT is `ObjectCreated:Put`). */
  const multipartKeys = new Set<string>();
  (server as unknown as NodeJS.EventEmitter).on("event", (event: { Records: Array<{ eventName: string; s3: { object: { key: string } } }> }) => {
    for (const record of event.Records) if (record.eventName === "ObjectCreated:Post") multipartKeys.add(record.s3.object.key);
  });
  const { port } = await server.run();
  let running = true;
  afterAll(() => (running ? server.close() : undefined));
  /** An outage: the server stops, its objects stay on disk. */
  const stop = async () => {
    running = false;
    await server.close();
  };
  /** Back from an outage: the same port, the same objects. */
  const restart = async () => {
    server = serverOn(port);
    await server.run();
    running = true;
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Config = { bucket, endpoint, region: "us-east-1", credentials: { accessKeyId: KEY, secretAccessKey: KEY }, forcePathStyle: true };
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, S3_FORCE_PATH_STYLE: "true" };
  return { settings, env, endpoint, multipartKeys, stop, restart };
}
