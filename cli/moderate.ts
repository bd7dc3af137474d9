import { parseArgs } from "node:util";
import { reportReasonLabels } from "#contracts/engagement";
import { loadConfig } from "../server/config.ts";
import { lockDataDir } from "../server/data-dir-lock.ts";
import { openDatabase } from "../server/db/database.ts";
import { createLogger } from "../server/logger.ts";
import { createServices, type Services } from "../server/services.ts";

const usage = `Usage: npm run moderate -- <command>

  reports                              list open reports, oldest first
  hide <imageId> [--reason <text>]     hide an image everywhere and resolve its open reports
  restore <imageId>                    publish a hidden image again
  dismiss <reportId> [--reason <text>] close a report that needs no action

With the embedded PostgreSQL (no DATABASE_URL), stop the server first: one process at a time
uses a DATA_DIR.`;

class UsageError extends Error {}

function positiveId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!value || !/^\d{1,10}$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new UsageError(value ? `${what} must be a positive whole number, not "${value}"` : `Missing ${what}`);
  }
  return id;
}

const time = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

async function listReports(services: Services): Promise<void> {
  const open = await services.reports.openReports();
  if (open.length === 0) {
    console.log("No open reports.");
    return;
  }
  console.log(`${open.length} open report${open.length === 1 ? "" : "s"}:\n`);
  for (const report of open) {
    const reporter = report.reporterEmail ? `${report.reporterName} <${report.reporterEmail}>` : "anonymous";
    console.log(`report ${report.id}  image ${report.imageId} "${report.title}"${report.imageStatus === "hidden" ? " (hidden)" : ""}`);
    console.log(`  reason:   ${reportReasonLabels[report.reason]}`);
    if (report.details) console.log(`  details:  ${report.details.replace(/\s+/g, " ")}`);
    console.log(`  reporter: ${reporter}, ${time(report.createdAt)}\n`);
  }
  console.log("Act with: npm run moderate -- hide <imageId> [--reason <text>]  or  dismiss <reportId>");
}

async function run(services: Services, command: string, args: string[], reason: string | undefined): Promise<void> {
  switch (command) {
    case "reports":
      return listReports(services);
    case "hide": {
      const id = positiveId(args[0], "imageId");
      const resolved = await services.reports.hide(id, reason);
      console.log(`Image ${id} is hidden; ${resolved} open report${resolved === 1 ? "" : "s"} resolved.`);
      return;
    }
    case "restore": {
      const id = positiveId(args[0], "imageId");
      await services.reports.restore(id);
      console.log(`Image ${id} is published again.`);
      return;
    }
    case "dismiss": {
      const id = positiveId(args[0], "reportId");
      await services.reports.dismiss(id, reason);
      console.log(`Report ${id} dismissed.`);
      return;
    }
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { reason: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const [command, ...args] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  if (!["reports", "hide", "restore", "dismiss"].includes(command)) throw new UsageError(`Unknown command "${command}"`);
  if (args.length > 1) throw new UsageError(`Unexpected argument "${args[1]}"`);
  if (values.reason !== undefined && command !== "hide" && command !== "dismiss") throw new UsageError(`--reason goes with hide or dismiss`);
  if (command !== "reports") positiveId(args[0], command === "dismiss" ? "reportId" : "imageId");

  const config = loadConfig();
  const log = createLogger(config.logLevel === "debug" ? "debug" : "error");
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: log.info });
    try {
      await run(createServices({ config, db: database.db, log }), command, args, values.reason?.trim() || undefined);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    console.error(`moderate: ${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  console.error(`moderate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
