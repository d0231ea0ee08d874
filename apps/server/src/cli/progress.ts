/**
 * @module A progress bar for long commands, drawn with cli-progress only on a terminal: piped
 * into a file or a CI log, a redrawn bar is noise, so nothing is written there.
 */
export interface Progress {
  increment(by: number): void;
  stop(): void;
}

const SILENT: Progress = { increment() {}, stop() {} };

export async function startProgress(label: string, total: number): Promise<Progress> {
  if (!process.stdout.isTTY || total === 0) return SILENT;
  // Loaded only when drawn: nothing else of the command needs it.
  const { SingleBar, Presets } = (await import('cli-progress')).default;
  const bar = new SingleBar(
    { format: `${label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left`, hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return { increment: (by) => bar.increment(by), stop: () => bar.stop() };
}
