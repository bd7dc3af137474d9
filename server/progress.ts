import cliProgress from "cli-progress";

export interface Progress {
  update(done: number): void;
  stop(): void;
}

/**
 * A progress bar on the terminal (stderr); when output goes to a file or a pipe, a line
 * every few seconds instead. `quiet` gives one that shows nothing.
 */
export function progressBar(label: string, total: number, options: { quiet?: boolean; unit?: string } = {}): Progress {
  if (options.quiet || total === 0) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {value}/{total} ${options.unit ?? "images"} | {percentage}% | ETA {eta_formatted}`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 3000,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    update: (done) => bar.update(done),
    stop: () => bar.stop(),
  };
}
