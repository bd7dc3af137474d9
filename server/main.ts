import "./runtime-mode.ts";
import "#contracts/zod-config";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { progressBar } from "./progress.ts";
import { formatSummary } from "./catalog/import/import-service.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { openDatabase } from "./db/database.ts";
import { describeFailure } from "./errors.ts";
import { createHttpApp } from "./http/app.ts";
import { createHttpServer } from "./http/http-server.ts";
import { stoppable } from "./http/stopping.ts";
import { serveMetrics } from "./observability/metrics.ts";
import { createLogger } from "./logger.ts";
import { createServices } from "./services.ts";

/**
 * `npm start`: validate the configuration, open (or start) PostgreSQL, migrate, fill an
 * empty gallery, serve. SIGINT/SIGTERM stop everything in reverse order.
 */
async function main() {
  const dev = process.argv.includes("--dev");
  const config = loadConfig();
  const log = createLogger(config.logLevel, config.logFormat);
  const cleanups: Array<() => Promise<void> | void> = [];
  const shutdown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  let stopping = false;
  const stop = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) {
        log.info("Stopping now.");
        process.exit(130);
      }
      stopping = true;
      stop.abort();
      log.info(`${signal} received, shutting down...`);
      setTimeout(() => {
        log.error(`Not stopped within SHUTDOWN_TIMEOUT_S=${config.shutdownTimeoutMs / 1000}; exiting with work unfinished`);
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      shutdown().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error("Shutdown failed", error);
          process.exit(1);
        },
      );
    });
  }

  try {
    if (!config.databaseUrl) cleanups.push(lockDataDir(config.dataDir));
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: log.info,
      timeouts: { statementTimeoutMs: config.statementTimeoutMs, connectTimeoutMs: config.connectTimeoutMs },
    });
    cleanups.push(() => database.close());
    if (stopping) return;
    const services = createServices({ config, database, log });
    cleanups.push(() => services.close());
    await services.media.check();
    const seeding = services.demo.seedOnStart({
      count: config.demoImages,
      signal: stop.signal,
      progress: (total) => progressBar("Generating the demo catalog", total, { quiet: config.logLevel === "silent" || config.logLevel === "error" || config.logFormat === "json" }),
    });
    // On SIGINT/SIGTERM the images in flight are finished before the database closes.
    cleanups.push(() => seeding.then(() => {}, () => {}));
    const seeded = await seeding;
    if (stopping) return;
    if (seeded) log.info(`Demo catalog: ${formatSummary(seeded)}`);

    let app;
    if (dev) {
      const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
      cleanups.push(() => vite.close());
      app = createHttpApp({
        services,
        build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        devMiddleware: vite.middlewares,
      });
    } else {
      const buildDir = path.resolve("build");
      const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
      app = createHttpApp({ services, build, clientDir: path.join(buildDir, "client") });
    }

    const server: Server = await new Promise((resolve, reject) => {
      const s = createHttpServer(app);
      s.once("error", reject);
      s.listen(config.port, config.host, () => resolve(s));
    });
    if (config.metricsPort !== undefined) {
      const metricsServer = await serveMetrics(services.metrics, config.metricsPort, config.host);
      cleanups.push(
        () =>
          new Promise<void>((resolve) => {
            metricsServer.close(() => resolve());
            metricsServer.closeAllConnections();
          }),
      );
    }
    const serving = stoppable(server);
    cleanups.push(() => {
      services.readiness.drain();
      return serving.stop();
    });
    // Uploads are imported here too, by whichever instance asks first; also those a stopped instance left.
    await services.uploads.work();
    log.info(`Stockroom is running at ${config.baseUrl}`);
  } catch (error) {
    await shutdown().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`stockroom: ${error.message}`);
  } else {
    const e = error as NodeJS.ErrnoException;
    console.error(`stockroom: ${e.code === "EADDRINUSE" ? `PORT ${process.env.PORT ?? 3000} is already in use` : describeFailure(error)}`);
  }
  process.exit(1);
});
