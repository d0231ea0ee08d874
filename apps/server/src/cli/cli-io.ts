/**
 * @module What a `latchkey` command is given instead of the process: the environment, the folder
 * relative paths mean, and its two output streams, one line per call. Commands take it as an
 * argument, so they stay testable without spawning.
 */
import type { Env } from '../config';

export interface CliIo {
  env: Env;
  cwd: string;
  stdout(line: string): void;
  stderr(line: string): void;
}
