import "./runtime-mode.ts";
import "#contracts/zod-config";
import { spawn } from "node:child_process";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { progressBar } from "./progress.ts";
import { formatSummary } from "./catalog/import/import-service.ts";
import { SEEDED_ELSEWHERE } from "./catalog/demo/demo-catalog.ts";
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
 * `--build` (`npm start`): builds the app when its sources changed since the last build
 * (scripts/build-if-changed.ts), in a process of its own, so that PostgreSQL's first
 * initialisation and the migrations run meanwhile instead of after it.
 */
function buildIfChanged(): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [fileURLToPath(new URL("../scripts/build-if-changed.ts", import.meta.url))], { stdio: "inherit" });
    // Not left behind when the server stops first (a signal to this process alone).
    process.once("exit", () => build.kill());
    build.once("error", reject);
    build.once("exit", (code) => (code === 0 ? resolve() : reject(new Error("The build failed (see above)"))));
  });
}

/**
 * `npm start`: validate the configuration, open (or start) PostgreSQL and migrate while the
 * app is built, serve, and fill an empty gallery meanwhile. SIGINT/SIGTERM stop everything in
 * reverse order.
 */
async function main() {
  const dev = process.argv.includes("--dev");
  const config = loadConfig();
  const built = !dev && process.argv.includes("--build") ? buildIfChanged() : Promise.resolve();
  // Awaited once the database is ready; a failure meanwhile waits for it there.
  built.catch(() => {});
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
    const closeServices = () => services.close();
    cleanups.push(closeServices);
    await services.media.check();

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
      await built;
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
    log.info(`Stockroom is running at ${config.baseUrl} (ready in ${(performance.now() / 1000).toFixed(1)} s)`);

    if (stopping) return;
    // An empty gallery is filled while it serves: its pages say so, and show each image once it is ready.
    const seeding = services.demo
      .seedOnStart({
        count: config.demoImages,
        signal: stop.signal,
        progress: (total) => progressBar("Generating the demo catalog", total, { quiet: config.logLevel === "silent" || config.logLevel === "error" || config.logFormat === "json" }),
      })
      .then(
        (seeded) => {
          if (seeded === SEEDED_ELSEWHERE) log.info("Demo catalog: generated by another instance");
          else if (seeded) log.info(`Demo catalog: ${formatSummary(seeded)}`);
        },
        (error: unknown) => log.error("Could not generate the demo catalog", error),
      );
    // On SIGINT/SIGTERM the images in flight are finished (after the requests in flight) before the database closes.
    cleanups.splice(cleanups.indexOf(closeServices) + 1, 0, () => seeding);
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
