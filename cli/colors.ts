import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { withServices } from "./services.ts";
import { progress, say } from "./output.ts";

const usage = `Usage: npm run colors

Gives every image that has none its colour labels (for ?color=), read from its smallest JPEG.
Imports label new images themselves; this is for images imported before colour labels existed.
Stop it at any time: run again, it goes on with the images still unlabelled. Works while the server runs.`;

await runCommand("colors", usage, async () => {
  const { values, positionals } = parseCommandLine({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(usage);
  if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals.join(" ")}`);

  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  await withServices(async ({ imports }) => {
    let bar: ReturnType<typeof progress> | undefined;
    const summary = await imports
      .labelColors({ onProgress: (done, total) => (bar ??= progress("Labelling colours", total)).update(done), signal: stop.signal })
      .finally(() => bar?.stop());
    const rest = stop.signal.aborted ? "; stopped, run again to go on" : "";
    say(`labelled ${summary.labelled}, could not read ${summary.failed}${rest}`);
  });
});
