import type { Config } from "./config.ts";

export interface Logger {
  error(message: string, error?: unknown): void;
  info(message: string): void;
  debug(message: string): void;
}

const rank = { silent: 0, error: 1, info: 2, debug: 3 } as const;

export function createLogger(level: Config["logLevel"]): Logger {
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
  };
}
