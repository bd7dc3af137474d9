import { parseArgs, type ParseArgsConfig } from "node:util";
import { complain } from "./output.ts";
import { terminalSafe } from "./terminal-text.ts";

/** The command line parsed by node:util's parseArgs; what it refuses is a UsageError. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A wrong command line: the message, then the usage. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Runs an operator command: a wrong command line prints the usage (exit 2); any other
 * failure prints one line, never a stack trace (exit 1), a JSON one with LOG_FORMAT=json. Messages may quote outside text
 * (an argument, a title), so they are printed terminal-safe.
 */
export async function runCommand(name: string, usage: string, command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${name}: ${terminalSafe(error.message)}\n\n${usage}`);
      process.exit(2);
    }
    complain(`${name}: ${terminalSafe((error as Error).message ?? String(error))}`);
    process.exit(1);
  }
}
