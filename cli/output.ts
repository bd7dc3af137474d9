import type pino from "pino";
import { loadConfig, type Config } from "../server/config.ts";
import { jsonLines } from "../server/logger.ts";
import { progressBar, type Progress } from "../server/progress.ts";

/**
 * What an operator command prints of its own: its lines as they are on stdout, or, with
 * LOG_FORMAT=json, one JSON object per line (`time`, `level`, `msg`) as the server logs, for
 * a collector that reads a container's output. The format is known once the command has
 * read its settings (`commandConfig`); a usage message before that stays text, for whoever
 * typed the command.
 */
let json: pino.Logger | undefined;

/** The settings, read and validated as the server reads them; from now on the command's lines follow LOG_FORMAT. */
export function commandConfig(): Config {
  const config = loadConfig();
  json = config.logFormat === "json" ? jsonLines("info") : undefined;
  return config;
}

/** One line of the command's own: a result, an entry of a list. */
export function say(text: string): void {
  if (json) json.info(text);
  else console.log(text);
}

/** One line saying what went wrong (stderr, or a JSON line at level `error`). */
export function complain(text: string): void {
  if (json) json.error(text);
  else console.error(text);
}

/** How often progress is told as a JSON line when no one watches a bar. */
const PROGRESS_EVERY_MS = 3000;

/**
 * Progress through `total` units: a bar on a terminal (stderr). With LOG_FORMAT=json and no
 * terminal, a JSON line (`msg` the label, `done`, `total`) every few seconds and one at the end.
 */
export function progress(label: string, total: number, unit = "images"): Progress {
  const lines = json;
  if (!lines || process.stderr.isTTY) return progressBar(label, total, { unit });
  let done = 0;
  let told = Date.now();
  return {
    update(value) {
      done = value;
      if (Date.now() - told < PROGRESS_EVERY_MS) return;
      told = Date.now();
      lines.info({ done, total, unit }, label);
    },
    stop: () => lines.info({ done, total, unit }, label),
  };
}
