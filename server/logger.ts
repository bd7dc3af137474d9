import pino from "pino";
import type { Config } from "./config.ts";

/** One request, as its log line tells it (LOG_FORMAT=json: one JSON object per request). */
export interface RequestLine {
  method: string;
  /** The route's template (`/api/images/:id`), never the URL with its parameters. */
  route: string;
  /** The path, its query left out (it may carry a token). */
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  /** The client's address, after TRUST_PROXY. */
  client: string | undefined;
}

export interface Logger {
  error(message: string, error?: unknown): void;
  info(message: string): void;
  debug(message: string): void;
  /** A request answered: a line of its own in JSON logs; readable logs leave it to LOG_LEVEL=debug. */
  request(line: RequestLine): void;
}

const rank = { silent: 0, error: 1, info: 2, debug: 3 } as const;

/**
 * The server's and the operator commands' log, on stdout (errors on stderr): readable lines
 * (`text`, the default), or with LOG_FORMAT=json one JSON object per line with `time`,
 * `level` and `msg`, written by pino.
 */
export function createLogger(level: Config["logLevel"], format: Config["logFormat"] = "text"): Logger {
  if (format === "json") return jsonLogger(level);
  const on = (l: keyof typeof rank) => rank[level] >= rank[l];
  return {
    error: (message, error) => {
      if (!on("error")) return;
      console.error(error === undefined ? message : `${message}:`, error instanceof Error ? (error.stack ?? error.message) : (error ?? ""));
    },
    info: (message) => {
      if (on("info")) console.log(message);
    },
    debug: (message) => {
      if (on("debug")) console.log(message);
    },
    request: (line) => {
      if (on("debug")) console.log(`${line.method} ${line.path} ${line.status} ${line.durationMs} ms [${line.requestId}]`);
    },
  };
}

/** One JSON object per line on stdout, with `time` (ISO 8601), `level` and `msg`: the server's log and the operator commands' lines. */
export function jsonLines(level: Config["logLevel"]): pino.Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Level names ("info"), not pino's numbers: what an operator greps for.
    formatters: { level: (label) => ({ level: label }) },
  });
}

function jsonLogger(level: Config["logLevel"]): Logger {
  const log = jsonLines(level);
  return {
    error: (message, error) => (error === undefined ? log.error(message) : log.error({ err: error }, message)),
    info: (message) => log.info(message),
    debug: (message) => log.debug(message),
    request: (line) => log.info(line, "request"),
  };
}
