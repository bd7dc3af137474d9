import { z } from "zod";
import { airtableSource } from "../server/catalog/import/airtable-source.ts";
import { folderSource } from "../server/catalog/import/folder-source.ts";
import { formatSummary, type SourceEntry } from "../server/catalog/import/import-service.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { withServices } from "./services.ts";
import { terminalSafe } from "./terminal-text.ts";
import { complain, progress, say } from "./output.ts";

const usage = `Usage:
  npm run import -- folder <dir> [--creator <name>]
      image files in <dir>, with an optional manifest.json or manifest.csv
      (columns: file, title, tags, category, creator, created)
  npm run import -- airtable <baseId> [--table Images]
      the base's table through the Airtable API; needs AIRTABLE_API_KEY
      (a personal access token with data.records:read); AIRTABLE_API_URL overrides the API address

Importing again updates the records it imported before. Works while the server runs.`;

/** Skipped records listed one by one, up to this many. */
const LIST_SKIPS = 20;

await runCommand("import", usage, async () => {
  const { positionals, values } = parseCommandLine({
    allowPositionals: true,
    options: { creator: { type: "string" }, table: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const [kind, target] = positionals;
  if (values.help) return console.log(usage);
  if (!target || positionals.length > 2 || (kind !== "folder" && kind !== "airtable")) throw new UsageError(kind ? `Unknown command: ${positionals.join(" ")}` : "Missing the source");

  /** The source's entries; an attachment over `maxPixels` is skipped before it is downloaded. */
  let source: (maxPixels: number) => Promise<SourceEntry[]>;
  if (kind === "folder") {
    source = () => folderSource(target, { creator: values.creator });
  } else {
    const env = z
      .object({
        AIRTABLE_API_KEY: z.string({ error: "Set AIRTABLE_API_KEY to an Airtable personal access token" }).trim().min(1, "Set AIRTABLE_API_KEY to an Airtable personal access token"),
        AIRTABLE_API_URL: z.url({ error: "AIRTABLE_API_URL must be a URL" }).optional(),
      })
      .safeParse(process.env);
    if (!env.success) throw new UsageError(env.error.issues[0]!.message);
    source = (maxPixels) =>
      airtableSource({
        baseId: target,
        table: values.table,
        apiKey: env.data.AIRTABLE_API_KEY,
        apiUrl: env.data.AIRTABLE_API_URL,
        onRetry: (ms) => complain(`Airtable is rate-limiting; retrying in ${(ms / 1000).toFixed(1)} s`),
        maxPixels,
      });
  }

  await withServices(async ({ imports, imaging }) => {
    const entries = await source(imaging.maxPixels);
    const bar = progress("Importing", entries.length);
    const summary = await imports.run(entries, { onProgress: (done) => bar.update(done) }).finally(() => bar.stop());
    for (const skip of summary.skips.slice(0, LIST_SKIPS)) {
      say(terminalSafe(`  skipped ${skip.sourceId}: ${skip.skip}${skip.detail ? ` (${skip.detail})` : ""}`));
    }
    if (summary.skips.length > LIST_SKIPS) say(`  … and ${summary.skips.length - LIST_SKIPS} more skipped`);
    say(formatSummary(summary));
  });
});
