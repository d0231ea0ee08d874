/**
 * @module `latchkey doctor`: a stand-in until the command's own implementation lands.
 */
import type { CliIo } from './cli-io';

export async function runDoctor(io: CliIo): Promise<number> {
  io.stderr('latchkey doctor: not available yet');
  return 1;
}
