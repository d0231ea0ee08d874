/**
 * The log format: readable lines for a person at a terminal, JSON for machines. The pretty case
 * runs the real server under a pseudo-terminal (util-linux `script`), since only a real TTY makes
 * `process.stdout.isTTY` true.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { logFormat } from '../src/logger';
import { cleanEnv, freePort } from './support/standalone-process';

describe('the log format', () => {
  it('is pretty only on a terminal outside production', () => {
    expect(logFormat(true, false)).toBe('pretty');
    expect(logFormat(true, true)).toBe('json');
    expect(logFormat(false, false)).toBe('json');
    expect(logFormat(false, true)).toBe('json');
  });
});

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SCRIPT = '/usr/bin/script';

/** The server's first lines as a terminal shows them, until it says it listens; then it is stopped. */
async function terminalOutput(env: Record<string, string>): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), 'latchkey-tty-'));
  const command = [process.execPath, '--import', TSX_LOADER, MAIN].map((arg) => `'${arg}'`).join(' ');
  const child = spawn(SCRIPT, ['-qfec', command, '/dev/null'], {
    cwd,
    env: cleanEnv({ PORT: String(await freePort()), WEB_DIR: join(cwd, 'none'), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  try {
    for (let i = 0; i < 400 && !out.includes('Latchkey listening'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return out;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe.runIf(existsSync(SCRIPT))('the server at a terminal', () => {
  it('writes readable lines in development', async () => {
    const out = await terminalOutput({});
    expect(out).toMatch(/INFO.*Latchkey listening on http:\/\/localhost:\d+/);
    expect(out).not.toContain('"msg":');
  });

  it('writes JSON in production, even at a terminal', async () => {
    const out = await terminalOutput({ NODE_ENV: 'production', LATCHKEY_SECRET: 'p'.repeat(40) });
    const started = out
      .split(/\r?\n/)
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string });
    expect(started.some((line) => line.msg?.startsWith('Latchkey listening'))).toBe(true);
  });
});
