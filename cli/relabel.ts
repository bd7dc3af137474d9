import { openCliDatabase } from "../server/db/cli-database.ts";
import { createLogger } from "../server/logger.ts";
import { imagingOf } from "../server/media/image-pool.ts";
import { createImageFiles } from "../server/media/image-files.ts";
import { licenseUrlOf } from "../server/media/labels.ts";
import { createMediaRepository } from "../server/media/media-repository.ts";
import { createRelabelService, formatRelabelSummary } from "../server/media/relabel-service.ts";
import { createMediaStorage } from "../server/media/storage.ts";
import { parseCommandLine, runCommand } from "./run.ts";
import { commandConfig, progress, say } from "./output.ts";

const usage = `Usage: npm run media:relabel

Gives every image's files the label they must carry (AI-generated, title, creator, license URL)
and strips what is left of the uploaded files' metadata (EXIF, GPS). Run it once after upgrading
and after changing BASE_URL. Images already labelled are passed over, so an interrupted run
(Ctrl-C stops after the images in progress) carries on where it stopped. Works while the server
runs; a CDN in front keeps the old files until it is purged.`;

await runCommand("media:relabel", usage, async () => {
  const { values } = parseCommandLine({ options: { help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(usage);

  const config = commandConfig();
  const log = createLogger(config.logLevel === "debug" ? "debug" : "error", config.logFormat);
  const database = await openCliDatabase(config, log.info);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const repository = createMediaRepository(database.db);
    const files = createImageFiles({ media: createMediaStorage(config), repository, licenseUrl: licenseUrlOf(config.baseUrl), imaging: imagingOf(config, database.db) });
    let bar: ReturnType<typeof progress> | undefined;
    const summary = await createRelabelService({ repository, files, log })
      .run({ onProgress: (done, total) => (bar ??= progress("Labelling", total)).update(done), signal: stop.signal })
      .finally(() => bar?.stop());
    say(formatRelabelSummary(summary) + (stop.signal.aborted ? " (stopped: run it again to carry on)" : ""));
    for (const { id, reason } of summary.failed) say(`  image ${id}: ${reason}`);
    if (summary.failed.length) process.exitCode = 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await database.close();
  }
});
