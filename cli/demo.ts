import { DEFAULT_DEMO_SEED } from "../server/catalog/demo/demo-catalog.ts";
import { formatSummary } from "../server/catalog/import/import-service.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { withServices } from "./services.ts";
import { progress, say } from "./output.ts";

const usage = `Usage: npm run demo -- [--count <n>] [--seed <s>]

Adds generated demo images (default 150, seed ${DEFAULT_DEMO_SEED}) to the catalog. The same seed gives the
same images; those already there are left as they are. Works while the server runs.`;

const whole = (value: string | undefined, name: string, fallback: number, max: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > max) throw new UsageError(`--${name} must be a whole number from 0 to ${max}`);
  return n;
};

await runCommand("demo", usage, async () => {
  const { values } = parseCommandLine({ options: { count: { type: "string" }, seed: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(usage);
  const count = whole(values.count, "count", 150, 5000);
  const seed = whole(values.seed, "seed", DEFAULT_DEMO_SEED, 2 ** 31 - 1);

  await withServices(async ({ demo }) => {
    let bar: ReturnType<typeof progress> | undefined;
    const summary = await demo
      .seed({ count, seed, onProgress: (done, total) => (bar ??= progress("Generating", total)).update(done) })
      .finally(() => bar?.stop());
    say(formatSummary(summary));
  });
});
