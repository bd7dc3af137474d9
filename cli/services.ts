import { openCliDatabase } from "../server/db/cli-database.ts";
import { createLogger } from "../server/logger.ts";
import { createServices, type Services } from "../server/services.ts";
import { commandConfig } from "./output.ts";

/**
 * Runs an operator command's `work` with the services built as the server builds them
 * (server/services.ts; nothing kept between changes), on the database the command finds
 * (server/db/cli-database.ts); closes both afterwards. Logs errors only, or everything at
 * LOG_LEVEL=debug.
 */
export async function withServices<T>(work: (services: Services) => Promise<T>): Promise<T> {
  const config = commandConfig();
  const log = createLogger(config.logLevel === "debug" ? "debug" : "error", config.logFormat);
  const database = await openCliDatabase(config, log.info);
  try {
    const services = createServices({ config, database, log, keepLists: false });
    try {
      return await work(services);
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
  }
}
