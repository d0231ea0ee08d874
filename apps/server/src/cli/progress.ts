/**
 * @module The progress bar of the CLI's long commands (seed, import-better-auth), drawn with
 * cli-progress only on a terminal: piped into a file or a CI log, a redrawn bar is noise, and the
 * command's summary says it all, so nothing is written there.
 */
export interface Progress {
  /** `by` more units are done; `detail` (what is under way: the import's table) replaces `{detail}`. */
  increment(by: number, detail?: string): void;
  stop(): void;
}

export interface ProgressBar {
  /** cli-progress's format: `{bar}`, `{percentage}`, `{value}`, `{total}`, `{eta_formatted}`, `{detail}`. */
  format: string;
  total: number;
  /**
   * Drawn on it, and only when it is a terminal. Without it, drawn when standard output is a
   * terminal, on cli-progress's default stream (standard error), as the seed's bar always was.
   */
  stream?: NodeJS.WriteStream;
  /** The bar is erased when stopped, leaving the terminal to the summary that follows. */
  clearOnComplete?: boolean;
}

const SILENT: Progress = { increment() {}, stop() {} };

export async function startProgress({
  format,
  total,
  stream,
  clearOnComplete = false,
}: ProgressBar): Promise<Progress> {
  if (!(stream ?? process.stdout).isTTY || total === 0) return SILENT;
  // Loaded only when drawn: nothing else of the commands needs it.
  const { SingleBar, Presets } = (await import('cli-progress')).default;
  const bar = new SingleBar(
    { ...(stream ? { stream } : {}), format, clearOnComplete, hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(total, 0, { detail: '' });
  return {
    increment: (by, detail) => bar.increment(by, detail === undefined ? undefined : { detail }),
    stop: () => bar.stop(),
  };
}
