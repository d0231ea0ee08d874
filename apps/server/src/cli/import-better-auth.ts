/**
 * @module `latchkey import-better-auth --from URL`: a stand-in until the command's own
 * implementation lands.
 */
import type { CliIo } from './cli-io';

export async function runImportBetterAuth(_options: { from: string }, io: CliIo): Promise<number> {
  io.stderr('latchkey import-better-auth: not available yet');
  return 1;
}
