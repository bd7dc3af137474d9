import { createImportService } from "../server/catalog/import/import-service.ts";
import { loadConfig } from "../server/config.ts";
import { openCliDatabase } from "../server/db/cli-database.ts";
import { createLogger } from "../server/logger.ts";
import { createMediaStorage } from "../server/media/storage.ts";
import { licenseUrlOf } from "../server/media/labels.ts";
import { progressBar } from "../server/progress.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";

const usage = `Usage: npm run colors

Gives every image that has none its colour labels (for ?color=), read from its smallest JPEG.
Imports label new images themselves; this is for images imported before colour labels existed.
Stop it at any time: run again, it goes on with the images still unlabelled. Works while the server runs.`;

await runCommand("colors", usage, async () => {
  const { values, positionals } = parseCommandLine({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(usage);
  if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals.join(" ")}`);

  const config = loadConfig();
  const log = createLogger(config.logLevel === "debug" ? "debug" : "error");
  const database = await openCliDatabase(config, log.info);
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  try {
    const imports = createImportService({ db: database.db, media: createMediaStorage(config), log, licenseUrl: licenseUrlOf(config.baseUrl) });
    let bar: ReturnType<typeof progressBar> | undefined;
    const summary = await imports
      .labelColors({ onProgress: (done, total) => (bar ??= progressBar("Labelling colours", total)).update(done), signal: stop.signal })
      .finally(() => bar?.stop());
    const rest = stop.signal.aborted ? "; stopped, run again to go on" : "";
    console.log(`labelled ${summary.labelled}, could not read ${summary.failed}${rest}`);
  } finally {
    await database.close();
  }
});
