import type { SearchService } from "../server/search/search-service.ts";
import { parseCommandLine, runCommand, UsageError } from "./run.ts";
import { withServices } from "./services.ts";
import { terminalSafe } from "./terminal-text.ts";
import { say } from "./output.ts";

const usage = `Usage: npm run search -- synonyms <command>

  synonyms list                  the groups of words searches read as one, with their ids
  synonyms add "sea, ocean"      a new group: two or more single words, separated by commas
  synonyms remove <id>           remove a group (its id from list)

A search with one word of a group finds images with any of them. Changes take effect on
every running instance at once (the database announces them); the admin's /admin/search
page does the same.`;

async function run(search: SearchService, command: string, argument: string | undefined): Promise<void> {
  switch (command) {
    case "list": {
      const groups = await search.synonyms("operator");
      if (!groups.length) return say('No synonyms. Add some with: npm run search -- synonyms add "sea, ocean"');
      for (const group of groups) say(`${String(group.id).padStart(5)}  ${terminalSafe(group.words.join(", "))}`);
      return;
    }
    case "add": {
      const group = await search.addSynonyms("operator", argument ?? "");
      return say(`Added ${group.id}: ${terminalSafe(group.words.join(", "))}`);
    }
    case "remove": {
      const id = Number(argument);
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new UsageError(`"${argument ?? ""}" is not a group id (see synonyms list)`);
      await search.removeSynonyms("operator", id);
      return say(`Removed ${id}.`);
    }
  }
}

await runCommand("search", usage, async () => {
  const { positionals, values } = parseCommandLine({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  const [topic, command, ...args] = positionals;
  if (values.help || !topic) return console.log(usage);
  if (topic !== "synonyms") throw new UsageError(`Unknown command "${topic}"`);
  if (command !== "list" && command !== "add" && command !== "remove") throw new UsageError(command ? `Unknown synonyms command "${command}"` : "Missing synonyms command");
  if (args.length > (command === "list" ? 0 : 1)) throw new UsageError(`Unexpected argument "${args.at(-1)}"`);
  if (command !== "list" && !args[0]) throw new UsageError(command === "add" ? "Missing words" : "Missing group id");

  await withServices(({ search }) => run(search, command, args[0]));
});
