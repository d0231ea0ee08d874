/**
 * @module Runs the real `latchkey` command (bin/latchkey.js) as a child process, with a clean
 * environment plus the given variables, and collects its exit code and output.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cleanEnv } from './standalone-process';

const BIN = fileURLToPath(new URL('../../bin/latchkey.js', import.meta.url));

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runLatchkey(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CommandRun> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
