/**
 * @module The import's progress bar (cli-progress), over the rows of every table together. Only on
 * a terminal: piped into a file or a log, a redrawn bar is noise, and the summary says it all.
 */
import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  start(total: number): void;
  /** `rows` more source rows of `table` are done. */
  advance(rows: number, table: string): void;
  stop(): void;
}

const SILENT: Progress = { start() {}, advance() {}, stop() {} };

export function createProgress(stream: NodeJS.WriteStream): Progress {
  if (!stream.isTTY) return SILENT;
  const bar = new SingleBar(
    {
      stream,
      format: 'Importing {table} [{bar}] {percentage}% | {value}/{total} rows',
      clearOnComplete: true,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  return {
    start: (total) => bar.start(total, 0, { table: '' }),
    advance: (rows, table) => bar.increment(rows, { table: table.padEnd(12) }),
    stop: () => bar.stop(),
  };
}
