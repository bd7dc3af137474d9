import { reportReasonLabels } from "#contracts/engagement";
import { COMMAND_LINE } from "../server/access/actor.ts";
import type { ReportsService } from "../server/engagement/reports-service.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { withServices } from "./services.ts";
import { terminalSafe } from "./terminal-text.ts";
import { say } from "./output.ts";

const usage = `Usage: npm run moderate -- <command>

  reports                              list open reports, oldest first
  hide <imageId> [--reason <text>]     hide an image everywhere and resolve its open reports
  restore <imageId>                    publish a hidden image again
  dismiss <reportId> [--reason <text>] close a report that needs no action

Works while the server runs.`;

function positiveId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!value || !/^\d{1,10}$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new UsageError(value ? `${what} must be a positive whole number, not "${value}"` : `Missing ${what}`);
  }
  return id;
}

const time = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

async function listReports(reports: ReportsService): Promise<void> {
  const open = await reports.openReports();
  if (open.length === 0) {
    say("No open reports.");
    return;
  }
  say(`${open.length} open report${open.length === 1 ? "" : "s"}:\n`);
  for (const report of open) {
    const reporter = report.reporterEmail ? terminalSafe(`${report.reporterName} <${report.reporterEmail}>`) : "anonymous";
    say(`report ${report.id}  image ${report.imageId} "${terminalSafe(report.title)}"${report.imageStatus === "hidden" ? " (hidden)" : ""}`);
    say(`  reason:   ${reportReasonLabels[report.reason]}`);
    if (report.details) say(`  details:  ${terminalSafe(report.details.replace(/\s+/g, " "))}`);
    say(`  reporter: ${reporter}, ${time(report.createdAt)}\n`);
  }
  say("Act with: npm run moderate -- hide <imageId> [--reason <text>]  or  dismiss <reportId>");
}

type Command = "reports" | "hide" | "restore" | "dismiss";

async function run(reports: ReportsService, command: Command, id: number, reason: string | undefined): Promise<void> {
  switch (command) {
    case "reports":
      return listReports(reports);
    case "hide": {
      const resolved = await reports.hide(COMMAND_LINE, id, reason);
      say(`Image ${id} is hidden; ${resolved} open report${resolved === 1 ? "" : "s"} resolved.`);
      return;
    }
    case "restore":
      await reports.restore(COMMAND_LINE, id);
      say(`Image ${id} is published again.`);
      return;
    case "dismiss":
      await reports.dismiss(COMMAND_LINE, id, reason);
      say(`Report ${id} dismissed.`);
      return;
  }
}

await runCommand("moderate", usage, async () => {
  const { positionals, values } = parseCommandLine({ allowPositionals: true, options: { reason: { type: "string" }, help: { type: "boolean", short: "h" } } });
  const [command, ...args] = positionals as [Command | undefined, ...string[]];
  if (values.help || !command) return console.log(usage);
  if (!["reports", "hide", "restore", "dismiss"].includes(command)) throw new UsageError(`Unknown command "${command}"`);
  if (args.length > (command === "reports" ? 0 : 1)) throw new UsageError(`Unexpected argument "${args.at(-1)}"`);
  if (values.reason !== undefined && command !== "hide" && command !== "dismiss") throw new UsageError("--reason goes with hide or dismiss");
  const id = command === "reports" ? 0 : positiveId(args[0], command === "dismiss" ? "reportId" : "imageId");

  await withServices(({ reports }) => run(reports, command, id, values.reason?.trim() || undefined));
});
