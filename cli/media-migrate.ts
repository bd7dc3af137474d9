import path from "node:path";
import { copyMedia, planMigration } from "../server/media/copy-media.ts";
import { localDiskStorage } from "../server/media/local-disk-storage.ts";
import { createMediaStorage } from "../server/media/storage.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { commandConfig, progress, say } from "./output.ts";

const usage = `Usage:
  npm run media:migrate      copy the media under DATA_DIR/media into the bucket named by S3_BUCKET

Files the bucket already holds (same key, same size) are skipped, so running it again after an
interruption carries on where it stopped. Works while the server runs: migrate, restart the
servers with the S3_* settings, then migrate once more for files added in between.`;

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

await runCommand("media:migrate", usage, async () => {
  const { positionals, values } = parseCommandLine({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(usage);
  if (positionals.length) throw new UsageError(`Unexpected ${positionals.join(" ")}`);
  const config = commandConfig();
  if (!config.media.s3) throw new UsageError("Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as the bucket needs) to the bucket to copy into");
  const source = path.join(config.dataDir, "media");
  const target = `s3://${config.media.s3.bucket}${config.media.s3.endpoint ? ` at ${config.media.s3.endpoint}` : ""}`;

  const from = localDiskStorage(source);
  const to = createMediaStorage(config);
  await to.check();
  const plan = await planMigration(from, to);
  const bar = progress("Copying", plan.total, "files");
  let done = plan.present;
  bar.update(done);
  const missing = await copyMedia(plan.copy.map((o) => o.key), from, to, () => bar.update(++done)).finally(() => bar.stop());
  const copied = plan.copy.length - missing.length;
  const gone = new Set(missing); // deleted from DATA_DIR/media between the listing and the copy
  const bytes = plan.copy.filter((o) => !gone.has(o.key)).reduce((sum, o) => sum + o.size, 0);
  say(`copied ${copied} files (${megabytes(bytes)}) from ${source} to ${target}; ${plan.present} were there already`);
});
