import { roles, type Role } from "#contracts/account";
import type { AccountAdminService } from "../server/admin/account-admin-service.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { withServices } from "./services.ts";
import { terminalSafe } from "./terminal-text.ts";
import { say } from "./output.ts";

const usage = `Usage: npm run admin -- <command>

  grant <email> [--role admin|creator]   give an account a role (admin when --role is left out)
  revoke <email>                         make an account a member again
  list                                   creators and admins

The account must exist: sign up on the site first. Every change is written to the audit
log as made by "command line". Works while the server runs.`;

const grantable = roles.filter((role): role is Exclude<Role, "member"> => role !== "member");

async function run(accountAdmin: AccountAdminService, command: "grant" | "revoke" | "list", email: string, role: Role): Promise<void> {
  if (command === "list") {
    const found = await accountAdmin.withRoles();
    if (found.length === 0) return say("No creators or admins yet. Make one with: npm run admin -- grant <email>");
    for (const account of found) {
      const disabled = account.disabledAt ? " (disabled)" : "";
      say(`${account.role.padEnd(8)} ${terminalSafe(`${account.email}  ${account.name}`)}${disabled}`);
    }
    return;
  }
  const { account, before } = await accountAdmin.setRoleByEmail(email, role);
  const who = terminalSafe(account.email);
  say(before === role ? `${who} already is ${article(role)} ${role}.` : `${who} is now ${article(role)} ${role} (was ${article(before)} ${before}).`);
}

const article = (role: Role) => (role === "admin" ? "an" : "a");

await runCommand("admin", usage, async () => {
  const { positionals, values } = parseCommandLine({ allowPositionals: true, options: { role: { type: "string" }, help: { type: "boolean", short: "h" } } });
  const [command, ...args] = positionals;
  if (values.help || !command) return console.log(usage);
  if (command !== "grant" && command !== "revoke" && command !== "list") throw new UsageError(`Unknown command "${command}"`);
  if (args.length > (command === "list" ? 0 : 1)) throw new UsageError(`Unexpected argument "${args.at(-1)}"`);
  if (command !== "list" && !args[0]?.includes("@")) throw new UsageError(args[0] ? `"${args[0]}" is not an email address` : "Missing email");
  if (values.role !== undefined && command !== "grant") throw new UsageError("--role goes with grant");
  const role = command === "revoke" ? "member" : (values.role ?? "admin");
  if (!grantable.includes(role as never) && command === "grant") throw new UsageError(`--role must be admin or creator, not "${role}"`);

  await withServices(({ accountAdmin }) => run(accountAdmin, command, args[0] ?? "", role as Role));
});
